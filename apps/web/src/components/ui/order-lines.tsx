import type { OrderDetail } from '@parmeta/contracts';
import { Price } from './price';
import styles from './order-lines.module.css';
import { Link } from './link';

type OrderLine = OrderDetail['lines'][number];

interface OrderLinesProps {
  lines: readonly OrderLine[];
  /** Where a line's name leads: the product in the shop, or in the admin. */
  linkTo(line: OrderLine): string;
  /** Side of the square thumbnails, in px. */
  thumbSize?: 56 | 64;
  /** The page's own styles for the name and the "2 × 129.00" under it, where it has them. */
  nameClassName?: string | undefined;
  detailClassName?: string | undefined;
}

/** The items of a placed order: thumbnail, name, quantity × unit price, and the line's total. */
export function OrderLines({ lines, linkTo, thumbSize = 64, nameClassName = styles.name, detailClassName = styles.detail }: OrderLinesProps) {
  return (
    <ul className={[styles.lines, thumbSize === 56 ? styles.small : styles.large].join(' ')}>
      {lines.map((line) => (
        <li key={`${line.productId}:${line.variantId ?? 0}`} className={styles.line}>
          <img src={line.image} alt="" width={thumbSize} height={thumbSize} loading="lazy" decoding="async" className={styles.thumb} />
          <div className={styles.text}>
            <Link to={linkTo(line)} className={nameClassName}>
              {line.name}
            </Link>
            {line.variant && <span className={detailClassName}>{line.variant}</span>}
            <span className={detailClassName}>
              {line.qty} × <Price value={line.unitPrice} />
            </span>
          </div>
          <Price value={line.lineTotal} className={styles.total} />
        </li>
      ))}
    </ul>
  );
}
