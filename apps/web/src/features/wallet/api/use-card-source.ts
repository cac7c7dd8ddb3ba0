import { useCallback, useId, useMemo, useState } from 'react';
import { EMPTY_CARD, type CardDraft, type CardField } from '@/components/ui/card-draft';
import type { CardSourceFieldsProps } from '@/components/ui/card-source-fields';
import { useCards } from '@/features/account';
import { checkCard, resolveChoice } from '../model/card-draft';
import type { FieldErrors } from '../model/form';
import type { CardSource } from './pay-by-card';

const FIELD_ORDER: readonly CardField[] = ['number', 'expMonth', 'expYear', 'cvc', 'holderName'];

/**
 * State of "pay with a saved card or a new one": the choice (the default card until the
 * user picks), the new card's details and their errors, and the check that turns them into
 * what a card payment takes. `fields` are the props for CardSourceFields.
 */
export function useCardSource() {
  const idBase = useId();
  const cards = useCards();
  const [picked, setPicked] = useState<number | 'new' | null>(null);
  const [draft, setDraft] = useState<CardDraft>(EMPTY_CARD);
  const [errors, setErrors] = useState<FieldErrors<CardField>>({});
  // Keeping a new card is the member's choice, off until ticked.
  const [save, setSave] = useState(false);
  // Saved cards that fail to load leave the new-card form, rather than no way to pay.
  const saved = useMemo(() => cards.data ?? (cards.isError ? [] : undefined), [cards.data, cards.isError]);
  const choice = resolveChoice(picked, saved);
  const idOf = useCallback((field: CardField) => `${idBase}-${field}`, [idBase]);

  /** The checked source, or null after marking (and focusing) what to fix. */
  const check = useCallback((): CardSource | null => {
    if (choice === null) return null;
    if (choice !== 'new') return { card_id: choice };
    const result = checkCard(draft);
    if (result.ok) {
      setErrors({});
      return { card: result.data, save };
    }
    setErrors(result.errors);
    const first = FIELD_ORDER.find((f) => result.errors[f]);
    if (first) document.getElementById(idOf(first))?.focus();
    return null;
  }, [choice, draft, idOf, save]);

  const fields: CardSourceFieldsProps = useMemo(
    () => ({
      cards: saved,
      choice,
      onChoose: setPicked,
      draft,
      errors,
      idOf,
      save,
      onSave: setSave,
      onUpdate: (field, value) => {
        setDraft((d) => ({ ...d, [field]: value }));
        setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
      },
    }),
    [saved, choice, draft, errors, idOf, save],
  );

  return {
    fields,
    choice,
    check,
    /** Gateway field messages (a refused tokenize) under the new card's fields. */
    showErrors: setErrors,
    /** Nothing of a card stays in the page after it has paid. */
    clear: useCallback(() => {
      setDraft(EMPTY_CARD);
      setErrors({});
    }, []),
  };
}
