import type { NftDetail } from '@parmeta/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Button, ErrorNotice } from '@/components/ui';
import { CARD_LABELS, CardSourceFields } from '@/components/ui/card-source-fields';
import { formatAmount, serverFieldErrors, useCardPayment, useCardSource } from '@/features/wallet';
import { isApiFailure, failureMessage, useUserName } from '@/lib/call-api';
import { useSessionStore } from '@/lib/session-store';
import { marketKeys } from '../api/keys';
import styles from './buy-panel.module.css';

// Its own module, loaded when the buyer opens "Buy with card" (buy-panel.tsx): the card form
// brings the card checks, the saved cards and their schemas, which a buyer paying with par, or
// only looking, never needs.

/** GenerateOrderFiat for one NFT, after AuthToken; the order card holds the payment while it runs. */
export function CardPurchase({ nft, onBought }: { nft: NftDetail; onBought(message: string): void }) {
  const source = useCardSource();
  const pay = useCardPayment();
  const userName = useUserName();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => () => useSessionStore.getState().resetOrderCard(), []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pay.isPending) return;
    setError(null);
    const paidWith = source.check();
    if (!paidWith) return;
    useSessionStore.getState().setOrderCard({ price: nft.price, Type: 'nft', user_id: userName });
    try {
      const { msg } = await pay.mutateAsync({ order: { type: 'nft', nftId: nft.id }, source: paidWith });
      source.clear();
      onBought(msg);
    } catch (failure) {
      if (isApiFailure(failure)) source.showErrors(serverFieldErrors(failure.fields, CARD_LABELS));
      setError(failureMessage(failure, { fieldsHint: false }));
    } finally {
      useSessionStore.getState().resetOrderCard();
      await queryClient.invalidateQueries({ queryKey: marketKeys.all });
    }
  };

  return (
    <form id="buy-by-card" className={styles.card} onSubmit={(event) => void submit(event)} noValidate aria-busy={pay.isPending || undefined}>
      <h3 className={styles.cardTitle}>Pay by card</h3>
      <CardSourceFields {...source.fields} disabled={pay.isPending} />
      <ErrorNotice message={error} />
      <Button type="submit" size="lg" disabled={pay.isPending || source.choice === null}>
        {pay.isPending ? 'Paying…' : `Pay ${formatAmount(nft.price)} USD by card`}
      </Button>
    </form>
  );
}
