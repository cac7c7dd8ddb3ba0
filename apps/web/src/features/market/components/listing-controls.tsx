import { marketRoutes, type NftSummary } from '@parmeta/contracts';
import { useState, type FormEvent } from 'react';
import { Button, Dialog, ErrorNotice, Field, Skeleton } from '@/components/ui';
import { amountOf, checkBody, formatAsset, useRates } from '@/features/wallet';
import { bodySchema } from '@/lib/form-errors';
import { failureMessage } from '@/lib/call-api';
import { useListing } from '../api/listing';
import { saleProceeds } from '../model/sale-proceeds';
import styles from './listing-controls.module.css';

/** "List for sale" (a dialog with the price, the marketplace fee and what the seller receives) or "Remove from sale", under an owned NFT. */
export function ListingControls({ nft, onDone }: { nft: NftSummary; onDone(message: string): void }) {
  const { delist } = useListing();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (nft.listed) {
    return (
      <div className={styles.controls}>
        <Button
          variant="secondary"
          size="sm"
          block
          disabled={delist.isPending}
          // Which NFT, for a screen reader; the name starts with the words on the button, so a
          // voice-control user can say them (WCAG 2.5.3).
          aria-label={delist.isPending ? undefined : `Remove from sale: ${nft.name}`}
          onClick={() => {
            setError(null);
            delist.mutate(nft.id, { onSuccess: ({ data }) => onDone(`${data.name} is no longer for sale.`), onError: (failure) => setError(failureMessage(failure, { fieldsHint: false })) });
          }}
        >
          {delist.isPending ? 'Removing…' : 'Remove from sale'}
        </Button>
        <ErrorNotice message={error} />
      </div>
    );
  }

  return (
    <div className={styles.controls}>
      <Button size="sm" block aria-label={`List for sale: ${nft.name}`} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        List for sale
      </Button>
      {open && (
        <ListingDialog
          nft={nft}
          onClose={() => setOpen(false)}
          onListed={(message) => {
            setOpen(false);
            onDone(message);
          }}
        />
      )}
    </div>
  );
}

/**
 * The price, checked with the contract's rule, and what a sale at that price leaves the seller
 * after the marketplace fee (the rate the server takes, from the rates call), as it is typed.
 */
function ListingDialog({ nft, onClose, onListed }: { nft: NftSummary; onClose(): void; onListed(message: string): void }) {
  const { list } = useListing();
  const rates = useRates();
  const [price, setPrice] = useState(nft.price > 0 ? String(nft.price) : '');
  const [priceError, setPriceError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const feePercent = rates.data?.nftFeePercent;
  const proceeds = feePercent === undefined ? undefined : saleProceeds(amountOf(price), feePercent);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const checked = checkBody(bodySchema(marketRoutes.listNft), { nftId: nft.id, price: amountOf(price) }, { price: 'Price' }, { price });
    if (!checked.ok) {
      setPriceError(checked.errors.price);
      return;
    }
    list.mutate(checked.data, {
      onSuccess: ({ data }) => onListed(`${data.name} is for sale at ${formatAsset(data.price)}.`),
      onError: (failure) => setError(failureMessage(failure, { fieldsHint: false })),
    });
  };

  const amount = (value: number | undefined) => (value === undefined ? '—' : formatAsset(value));
  return (
    <Dialog
      title={`List ${nft.name} for sale`}
      description="Buyers pay your price in par. When it sells, the marketplace keeps its fee and the rest goes to your par balance."
      onClose={onClose}
      busy={list.isPending}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={list.isPending}>
            Keep it unlisted
          </Button>
          <Button type="submit" form="listing-form" disabled={list.isPending}>
            {list.isPending ? 'Listing…' : 'List for sale'}
          </Button>
        </>
      }
    >
      <form id="listing-form" className={styles.form} onSubmit={submit} noValidate aria-label={`Price for ${nft.name}`}>
        <Field
          label="Price in par"
          name="price"
          inputMode="decimal"
          autoComplete="off"
          value={price}
          onChange={(event) => {
            setPrice(event.target.value);
            setPriceError(undefined);
          }}
          error={priceError}
        />
        <dl className={styles.breakdown} aria-live="polite" aria-busy={rates.isPending || undefined}>
          <div>
            <dt>Buyer pays</dt>
            <dd>{amount(proceeds ? amountOf(price) : undefined)}</dd>
          </div>
          <div>
            <dt>Marketplace fee{feePercent !== undefined && ` (${feePercent}%)`}</dt>
            <dd>{rates.isPending ? <Skeleton width={64} height={16} /> : proceeds ? `−${amount(proceeds.fee)}` : '—'}</dd>
          </div>
          <div className={styles.receive}>
            <dt>You receive</dt>
            <dd>{rates.isPending ? <Skeleton width={80} height={18} /> : amount(proceeds?.receive)}</dd>
          </div>
        </dl>
        {rates.isError && <p className={styles.hint}>The fee could not be loaded; it is taken from the price when the NFT sells.</p>}
        <ErrorNotice message={error} />
      </form>
    </Dialog>
  );
}
