import { ExternalLinkIcon } from './commerce-icons';
import styles from './tracking-number.module.css';

/**
 * A tracking number, linked to the carrier's tracking page when the shop knows the carrier
 * (the order's trackingUrl). It opens in a new tab, so the order stays where it was; the link
 * says so to a screen reader.
 */
export function TrackingNumber({ trackingNo, url, className }: { trackingNo: string; url: string | null; className?: string }) {
  if (!url) return <strong className={className}>{trackingNo}</strong>;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className={[styles.link, className].filter(Boolean).join(' ')}>
      <strong>{trackingNo}</strong>
      <span className="sr-only"> (track it on the carrier’s site, opens in a new tab)</span>
      <ExternalLinkIcon size={14} />
    </a>
  );
}
