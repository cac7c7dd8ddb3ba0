import type { NftDetail } from '@parmeta/contracts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, ButtonLink, ErrorNotice, Link, Skeleton, SuccessNotice } from '@/components/ui';
import { formatAsset, useWallet } from '@/features/wallet';
import { useParPurchase } from '../api/use-par-purchase';
import { ReservationTimer } from './reservation-timer';
import styles from './buy-panel.module.css';

const loadCardPurchase = () => import('./card-purchase');
const CardPurchase = lazy(() => loadCardPurchase().then((m) => ({ default: m.CardPurchase })));

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
          {/* The card form's module starts loading as the pointer or the focus comes to the button. */}
          <Button
            size="lg"
            variant="secondary"
            aria-expanded={byCard}
            aria-controls="buy-by-card"
            onClick={() => setByCard((open) => !open)}
            onPointerEnter={() => void loadCardPurchase()}
            onFocus={() => void loadCardPurchase()}
            disabled={state.step === 'reserving'}
          >
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

      {byCard && !holding && (
        <Suspense
          fallback={
            <div id="buy-by-card" className={styles.card} role="status" aria-label="Loading the card form">
              <Skeleton height={220} />
            </div>
          }
        >
          <CardPurchase nft={nft} onBought={onBought} />
        </Suspense>
      )}
    </div>
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
