import type { SavedCard } from '@parmeta/contracts';
import { Badge, Button, StarIcon, TrashIcon } from '@/components/ui';
import { CARD_BRAND_LABELS, formatExpiry, isExpired } from '../model/card-number';
import styles from './saved-card-item.module.css';

interface SavedCardItemProps {
  card: SavedCard;
  onDelete(): void;
  onMakeDefault(): void;
  busy?: boolean;
}

export function SavedCardItem({ card, onDelete, onMakeDefault, busy = false }: SavedCardItemProps) {
  const brand = CARD_BRAND_LABELS[card.brand];
  const expired = isExpired(card.expMonth, card.expYear);
  const name = `${brand} ending in ${card.last4}`;
  return (
    <article className={`${styles.item} ${card.isDefault ? styles.default : ''}`} aria-label={`${name}${card.isDefault ? ', default card' : ''}`}>
      <div className={`${styles.tile} ${styles[card.brand]}`} aria-hidden="true">
        <span className={styles.tileBrand}>{card.brand === 'unknown' ? 'CARD' : brand}</span>
        <span className={styles.tileDigits}>•••• {card.last4}</span>
      </div>
      <div className={styles.body}>
        <p className={styles.title}>
          <span>
            {brand} <span className={styles.last4}>•••• {card.last4}</span>
          </span>
          {card.isDefault && <Badge tone="brand">Default</Badge>}
          {expired && <Badge tone="neutral">Expired</Badge>}
        </p>
        <p className={styles.meta}>
          {card.holderName} · {expired ? 'Expired' : 'Expires'} {formatExpiry(card.expMonth, card.expYear)}
        </p>
      </div>
      <div className={styles.actions}>
        {!card.isDefault && (
          <Button variant="ghost" size="sm" onClick={onMakeDefault} disabled={busy} aria-label={`Set ${name} as default`}>
            <StarIcon size={16} />
            Set as default
          </Button>
        )}
        <Button variant="ghost" size="sm" className={styles.delete} onClick={onDelete} aria-label={`Delete ${name}`}>
          <TrashIcon size={16} />
          Delete
        </Button>
      </div>
    </article>
  );
}
