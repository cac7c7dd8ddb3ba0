import { Field } from '@/components/ui';

/** What binds a text field to a form's state: its name (the field's path), value, error and change handler. */
export interface FieldBinding {
  name: string;
  value: string;
  error: string | undefined;
  onChange(event: { target: { value: string } }): void;
}

interface NameSlugFieldsProps {
  name: FieldBinding;
  slug: FieldBinding;
  nameMaxLength: number;
  /** Under the slug, e.g. where it shows up: a-z, 0-9 and dashes. */
  slugHint?: string | undefined;
  /** An existing category's or collection's slug is its key: shown, not edited. */
  slugReadOnly?: boolean;
  /** Marks both fields required (the item forms do; the dialogs say it on submit). */
  required?: boolean;
}

/** A record's name and the slug that makes its address (products, NFTs, categories, collections). */
export function NameSlugFields({ name, slug, nameMaxLength, slugHint, slugReadOnly, required }: NameSlugFieldsProps) {
  return (
    <>
      <Field label="Name" autoComplete="off" maxLength={nameMaxLength} required={required} {...name} />
      <Field label="Slug" autoComplete="off" spellCheck={false} maxLength={80} required={required} readOnly={slugReadOnly} hint={slugHint} {...slug} />
    </>
  );
}
