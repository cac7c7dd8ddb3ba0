import { apiRoutes, type NftSummary } from '@parmeta/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Button, ErrorNotice, Field } from '@/components/ui';
import { amountOf, checkBody, formatAsset } from '@/features/wallet';
import { bodySchema } from '@/lib/form-errors';
import { failureMessage } from '@/lib/call-api';
import { useListing } from '../api/listing';
import styles from './listing-controls.module.css';

/** "List for sale" (with a price in par) or "Remove from sale", under an owned NFT. */
export function ListingControls({ nft, onDone }: { nft: NftSummary; onDone(message: string): void }) {
  const { list, delist } = useListing();
  const [open, setOpen] = useState(false);
  const [price, setPrice] = useState(nft.price > 0 ? String(nft.price) : '');
  const [priceError, setPriceError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const formId = useId();
  const busy = list.isPending || delist.isPending;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const checked = checkBody(bodySchema(apiRoutes.listNft), { nftId: nft.id, price: amountOf(price) }, { price: 'Price' }, { price });
    if (!checked.ok) {
      setPriceError(checked.errors.price);
      return;
    }
    list.mutate(checked.data, {
      onSuccess: ({ data }) => {
        setOpen(false);
        onDone(`${data.name} is for sale at ${formatAsset(data.price)}.`);
      },
      onError: (failure) => setError(failureMessage(failure, { fieldsHint: false })),
    });
  };

  if (nft.listed) {
    return (
      <div className={styles.controls}>
        <Button
          variant="secondary"
          size="sm"
          block
          disabled={busy}
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

  if (!open) {
    return (
      <div className={styles.controls}>
        <Button size="sm" block aria-label={`List for sale: ${nft.name}`} aria-expanded={false} aria-controls={formId} onClick={() => setOpen(true)}>
          List for sale
        </Button>
      </div>
    );
  }

  return (
    <form id={formId} className={styles.form} onSubmit={submit} noValidate aria-label={`List ${nft.name} for sale`}>
      <Field
        label="Price in par"
        inputMode="decimal"
        autoComplete="off"
        autoFocus
        value={price}
        onChange={(event) => {
          setPrice(event.target.value);
          setPriceError(undefined);
        }}
        error={priceError}
      />
      <div className={styles.row}>
        <Button type="submit" size="sm" disabled={busy}>
          {list.isPending ? 'Listing…' : 'List'}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setOpen(false)} disabled={busy}>
          Cancel
        </Button>
      </div>
      <ErrorNotice message={error} />
    </form>
  );
}
