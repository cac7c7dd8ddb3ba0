import type { NftSummary } from '@parmeta/contracts';
import { lazy, Suspense, useState } from 'react';
import { Button, ErrorNotice } from '@/components/ui';
import { failureMessage } from '@/lib/call-api';
import { useListing } from '../api/listing';
import styles from './listing-controls.module.css';

const loadListingDialog = () => import('./listing-dialog');
const ListingDialog = lazy(() => loadListingDialog().then((m) => ({ default: m.ListingDialog })));

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
      {/* The dialog's module starts loading as the pointer or the focus comes to the button. */}
      <Button
        size="sm"
        block
        aria-label={`List for sale: ${nft.name}`}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        onPointerEnter={() => void loadListingDialog()}
        onFocus={() => void loadListingDialog()}
      >
        List for sale
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ListingDialog
            nft={nft}
            onClose={() => setOpen(false)}
            onListed={(message) => {
              setOpen(false);
              onDone(message);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
