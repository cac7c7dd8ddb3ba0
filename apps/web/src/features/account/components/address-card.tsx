import type { Address } from '@parmeta/contracts';
import { Badge, Button, MapPinIcon, PencilIcon, StarIcon, TrashIcon } from '@/components/ui';
import { addressLines, addressName } from '../model/address';
import styles from './address-card.module.css';

interface AddressCardProps {
  address: Address;
  onEdit(): void;
  onDelete(): void;
  onMakeMain(): void;
  /** Another address change is in flight: its buttons wait. */
  busy?: boolean;
}

export function AddressCard({ address, onEdit, onDelete, onMakeMain, busy = false }: AddressCardProps) {
  const who = addressName(address);
  return (
    <article className={`${styles.card} ${address.isMain ? styles.main : ''}`} aria-label={`${who}${address.isMain ? ', main address' : ''}`}>
      <div className={styles.head}>
        <span className={styles.icon} aria-hidden="true">
          <MapPinIcon size={18} />
        </span>
        <h3 className={styles.name}>{address.label}</h3>
        {address.isMain && <Badge tone="brand">Main</Badge>}
      </div>
      <address className={styles.lines}>
        <span className={styles.recipient}>{address.recipientName}</span>
        {addressLines(address).map((line, index) => (
          <span key={index}>{line}</span>
        ))}
        <span className={styles.phone}>{address.contactPhone}</span>
      </address>
      <div className={styles.actions}>
        <Button variant="ghost" size="sm" onClick={onEdit} aria-label={`Edit ${who}`}>
          <PencilIcon size={16} />
          Edit
        </Button>
        {!address.isMain && (
          <Button variant="ghost" size="sm" onClick={onMakeMain} disabled={busy} aria-label={`Set as main: ${who}`}>
            <StarIcon size={16} />
            Set as main
          </Button>
        )}
        <Button variant="ghost" size="sm" className={styles.delete} onClick={onDelete} aria-label={`Delete ${who}`}>
          <TrashIcon size={16} />
          Delete
        </Button>
      </div>
    </article>
  );
}
