import { marketRoutes, type NftSummary } from '@parmeta/contracts';
import { useState, type FormEvent } from 'react';
import { Button, Dialog, ErrorNotice, Field, Skeleton } from '@/components/ui';
import { amountOf, checkBody, formatAsset, useRates } from '@/features/wallet';
import { bodySchema } from '@/lib/form-errors';
import { failureMessage } from '@/lib/call-api';
import { useListing } from '../api/listing';
import { saleProceeds } from '../model/sale-proceeds';
import styles from './listing-controls.module.css';

// Its own module, loaded when the owner opens "List for sale" (listing-controls.tsx): the price
// check builds the market's contract schemas, which My NFTs needs for nothing else.

/**
 * The price, checked with the contract's rule, and what a sale at that price leaves the seller
 * after the marketplace fee (the rate the server takes, from the rates call), as it is typed.
 */
export function ListingDialog({ nft, onClose, onListed }: { nft: NftSummary; onClose(): void; onListed(message: string): void }) {
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
