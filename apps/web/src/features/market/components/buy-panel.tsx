import type { NftDetail } from '@parmeta/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Button, ButtonLink, ErrorNotice, Link, SuccessNotice } from '@/components/ui';
import { CARD_LABELS, CardSourceFields } from '@/components/ui/card-source-fields';
import { formatAmount, formatAsset, serverFieldErrors, useCardPayment, useCardSource, useWallet } from '@/features/wallet';
import { isApiFailure, failureMessage, useUserName } from '@/lib/call-api';
import { useSessionStore } from '@/lib/session-store';
import { marketKeys } from '../api/keys';
import { useParPurchase } from '../api/use-par-purchase';
import { ReservationTimer } from './reservation-timer';
import styles from './buy-panel.module.css';

/**
 * Buying: with par (reserve, then confirm before the countdown ends, or cancel) or by card
 * (a saved card or a new one, charged through the gateway in one step). Render it keyed by
 * the NFT's id.
 */
export function BuyPanel({ nft, onBought }: { nft: NftDetail; onBought(message: string): void }) {
  const par = useParPurchase(nft);
  const [byCard, setByCard] = useState(false);
  const wallet = useWallet();
  const balance = wallet.data?.balances.par;
  const short = balance !== undefined && balance < nft.price;
  const { state } = par;

  useEffect(() => {
    if (state.step === 'paid') onBought(state.msg);
  }, [state, onBought]);

  if (!nft.listed) return <p className={styles.note}>This NFT is not for sale right now.</p>;

  const holding = state.step === 'reserved' || state.step === 'confirming' || state.step === 'cancelling';
  const error = 'error' in state ? state.error : undefined;

  return (
    <div className={styles.panel}>
      {nft.reserved && !nft.reservedByMe && state.step === 'idle' && <p className={styles.note}>A buyer is paying for this NFT right now. If they do not finish, it is for sale again within minutes.</p>}
      <p className={styles.balance}>
        Your par balance: <strong>{balance === undefined ? '…' : formatAsset(balance)}</strong>
        {short && (
          <>
            {' · '}
            <Link to="/wallet">Top up</Link>
          </>
        )}
      </p>

      {holding ? (
        <div className={styles.step}>
          <ReservationTimer expiresAt={state.expiresAt} onExpire={par.expire} />
          <div className={styles.actions}>
            <Button size="lg" onClick={() => void par.confirm()} disabled={state.step !== 'reserved'}>
              {state.step === 'confirming' ? 'Paying…' : `Pay ${formatAsset(nft.price)}`}
            </Button>
            <Button size="lg" variant="secondary" onClick={() => void par.cancel()} disabled={state.step !== 'reserved'}>
              {state.step === 'cancelling' ? 'Cancelling…' : 'Cancel reservation'}
            </Button>
          </div>
        </div>
      ) : (
        <div className={styles.actions}>
          <Button size="lg" onClick={() => void par.reserve()} disabled={state.step === 'reserving'}>
            {state.step === 'reserving' ? 'Reserving…' : 'Buy with par'}
          </Button>
          <Button size="lg" variant="secondary" aria-expanded={byCard} aria-controls="buy-by-card" onClick={() => setByCard((open) => !open)} disabled={state.step === 'reserving'}>
            Buy with card
          </Button>
        </div>
      )}

      <ErrorNotice message={error} />
      {error && short && (
        <p className={styles.topUp}>
          Your par balance is {formatAsset(balance ?? 0)}; this NFT costs {formatAsset(nft.price)}. <Link to="/wallet">Top up your par</Link> or buy it by card.
        </p>
      )}

      {byCard && !holding && <CardPurchase nft={nft} onBought={onBought} />}
    </div>
  );
}

/** GenerateOrderFiat for one NFT, after AuthToken; the order card holds the payment while it runs. */
function CardPurchase({ nft, onBought }: { nft: NftDetail; onBought(message: string): void }) {
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

/** What the owner sees instead of the buy buttons. */
export function OwnedNote({ message }: { message: string | null }) {
  return (
    <div className={styles.panel}>
      <SuccessNotice message={message} />
      <p className={styles.note}>You own this NFT.</p>
      <div className={styles.actions}>
        <ButtonLink to="/my-nfts" variant="secondary">
          Manage it in My NFTs
        </ButtonLink>
        <ButtonLink to="/wallet" variant="ghost">
          See your wallet
        </ButtonLink>
      </div>
    </div>
  );
}
