import type { SavedCard, TokenizeBody } from '@parmeta/contracts';
import { useRef, useState } from 'react';
import { Button, ConfirmDialog, CreditCardIcon, EmptyState, ErrorNotice, PageHeader, Panel, Skeleton, SuccessNotice, LoadError } from '@/components/ui';
import { PendingAs } from '@/components/ui/pending-as';
import { useSessionStore } from '@/lib/session-store';
import { useSaveCard } from '../api/add-card';
import { failureMessage, serverFieldsOf } from '@/lib/call-api';
import { useDeleteCard } from '../api/delete-card';
import { useCards } from '../api/get-cards';
import { useSetDefaultCard } from '../api/set-default-card';
import { CardForm } from '../components/card-form';
import { MissingUser, waitsForUser } from '../components/missing-user';
import { SavedCardItem } from '../components/saved-card-item';
import { CARD_BRAND_LABELS } from '../model/card-number';
import styles from './cards-page.module.css';
import { PAGE_HEADS } from '@/lib/page-heads';

const NUMBER_ID = 'add-card-number';

export default function CardsPage() {
  const cards = useCards();
  const save = useSaveCard();
  const remove = useDeleteCard();
  const makeDefault = useSetDefaultCard();
  const [toDelete, setToDelete] = useState<SavedCard | null>(null);
  const [notice, setNotice] = useState('');
  const listHeading = useRef<HTMLHeadingElement>(null);

  const list = cards.data ?? [];
  // How many cards the signed-in user's detail (kept by the session store) lists: the placeholder
  // takes that shape, so the form below does not move when the list arrives (on a phone it sits
  // under the list; CLS 0.065 with two skeleton rows in place of the empty state).
  const knownCount = useSessionStore((s) => s.user?.allCard.length);
  const noCards = (
    <EmptyState
      title="No saved cards yet"
      icon={<CreditCardIcon />}
      action={
        <Button variant="secondary" onClick={() => document.getElementById(NUMBER_ID)?.focus()}>
          Add a card
        </Button>
      }
    >
      Save a card to pay for orders and NFTs in one step.
    </EmptyState>
  );

  const submit = async (card: TokenizeBody, asDefault: boolean) => {
    setNotice('');
    try {
      const saved = await save.mutateAsync({ card, makeDefault: asDefault });
      setNotice(`${CARD_BRAND_LABELS[saved.brand]} ending in ${saved.last4} is saved.`);
      return true;
    } catch {
      return false; // shown from save.error
    }
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    const gone = `${CARD_BRAND_LABELS[toDelete.brand]} ending in ${toDelete.last4}`;
    remove.mutate(toDelete.card_id, {
      onSuccess: () => {
        setToDelete(null);
        setNotice(`${gone} is deleted.`);
        requestAnimationFrame(() => listHeading.current?.focus());
      },
    });
  };

  return (
    <>
      <PageHeader {...PAGE_HEADS['/cards']} />

      <div className={styles.layout}>
        <div className={styles.main}>
          <SuccessNotice message={notice} />
          <ErrorNotice message={makeDefault.isError ? failureMessage(makeDefault.error) : null} />
          {waitsForUser(cards) ? (
            <MissingUser />
          ) : cards.isPending && knownCount === 0 ? (
            <PendingAs label="Loading your cards">{noCards}</PendingAs>
          ) : cards.isPending ? (
            <div className={styles.list} role="status" aria-busy="true" aria-label="Loading your cards">
              {Array.from({ length: Math.min(knownCount ?? 2, 4) }, (_, i) => (
                <div key={i} className={styles.skeleton}>
                  <Skeleton width={84} height={54} />
                  <div className={styles.skeletonText}>
                    <Skeleton width="50%" height={18} />
                    <Skeleton width="70%" />
                  </div>
                </div>
              ))}
            </div>
          ) : cards.isError ? (
            <LoadError what="your cards" error={cards.error} onRetry={() => void cards.refetch()} />
          ) : list.length === 0 ? (
            noCards
          ) : (
            <section aria-labelledby="saved-cards" className={styles.section}>
              <h2 id="saved-cards" ref={listHeading} tabIndex={-1} className={styles.heading}>
                Saved cards
              </h2>
              <ul className={styles.list}>
                {list.map((card) => (
                  <li key={card.card_id}>
                    <SavedCardItem
                      card={card}
                      busy={makeDefault.isPending}
                      onMakeDefault={() => {
                        setNotice('');
                        makeDefault.mutate(card.card_id, {
                          onSuccess: (c) => setNotice(`${CARD_BRAND_LABELS[c.brand]} ending in ${c.last4} is now your default card.`),
                        });
                      }}
                      onDelete={() => {
                        remove.reset();
                        setNotice('');
                        setToDelete(card);
                      }}
                    />
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>

        <Panel title="Add a card" className={styles.formPanel}>
          <CardForm
            numberId={NUMBER_ID}
            onSubmit={submit}
            busy={save.isPending}
            offerDefault={list.length > 0}
            serverErrors={serverFieldsOf(save.error)}
            serverMessage={save.isError ? failureMessage(save.error) : null}
          />
        </Panel>
      </div>

      {toDelete && (
        <ConfirmDialog
          title="Delete this card?"
          description={
            <>
              {CARD_BRAND_LABELS[toDelete.brand]} ending in {toDelete.last4} will be removed from your account.
              {toDelete.isDefault && list.length > 1 ? ' Another saved card becomes your default card.' : ''}
            </>
          }
          confirmLabel="Delete card"
          busyLabel="Deleting…"
          busy={remove.isPending}
          error={remove.isError ? failureMessage(remove.error) : null}
          onConfirm={confirmDelete}
          onCancel={() => setToDelete(null)}
        />
      )}
    </>
  );
}
