import '@/styles/browse.css';
import type { ReactNode } from 'react';
import { imageSrcSet } from '@/lib/image-variants';
import { Price } from './price';
import { Link } from './link';

interface ItemCardProps {
  to: string;
  /** Left out, the card keeps the image's square empty (see ProductGrid: images below the first screen wait). */
  image: string | undefined;
  name: string;
  /** A small line above the name: the category or the collection. */
  eyebrow?: string;
  /** In par, major units. */
  price: number;
  /** The price is the lowest of several (a product with variants): shown as "From 19.00 par". */
  from?: boolean;
  /** Under the price, e.g. the stock state. */
  meta?: ReactNode;
  /**
   * Cards in the first screenful load their image at once; the rest wait until they are
   * near the viewport, so a long grid does not compete with what the user sees first.
   */
  eager?: boolean;
  /**
   * The image's rendered width, for the browser to pick its 320 or 800 px copy (the `sizes`
   * attribute). The default fits the grids of cards: two columns on a phone, ~280 px wide above.
   */
  sizes?: string;
  /** A control over the image's top right corner (e.g. the wishlist heart); it sits above the card's link. */
  corner?: ReactNode;
}

/** A product or NFT in a grid: square image, name linking to its page, price. The whole card is the link's target. */
export function ItemCard({ to, image, name, eyebrow, price, from = false, meta, eager = false, sizes = '(max-width: 767.98px) calc(50vw - 24px), 280px', corner }: ItemCardProps) {
  const srcSet = image === undefined ? undefined : imageSrcSet(image);
  return (
    <article className="item-card">
      <div className="item-card-media">
        {/* width/height reserve the square before the image arrives: no layout shift. */}
        <img src={image} srcSet={srcSet} sizes={srcSet && sizes} alt="" width={400} height={400} loading={eager ? 'eager' : 'lazy'} decoding="async" />
      </div>
      {corner && <div className="item-card-corner">{corner}</div>}
      <div className="item-card-body">
        {eyebrow && <p className="item-card-eyebrow">{eyebrow}</p>}
        <h3 className="item-card-name">
          <Link to={to} className="item-card-link">
            {name}
          </Link>
        </h3>
        <div className="item-card-foot">
          {from ? (
            <span className="item-card-price">
              From <Price value={price} />
            </span>
          ) : (
            <Price value={price} className="item-card-price" />
          )}
          {meta}
        </div>
      </div>
    </article>
  );
}

/**
 * The placeholder of an ItemCard while a grid loads. Its bars sit in the same text boxes as
 * the card's words (same fonts, line heights and wrapping), so the real card takes exactly
 * its place. `withMeta` when the cards show a line under the price (e.g. the stock state).
 */
export function ItemCardSkeleton({ withMeta = false }: { withMeta?: boolean }) {
  const bar = (width: number | string) => (
    <span className="item-card-bar" style={{ width }}>
      &nbsp;
    </span>
  );
  return (
    <div className="item-card item-card-skeleton" aria-hidden="true">
      <div className="item-card-media" />
      <div className="item-card-body">
        <p className="item-card-eyebrow">{bar('40%')}</p>
        <p className="item-card-name">{bar('85%')}</p>
        <div className="item-card-foot">
          <span className="item-card-price">{bar(88)}</span>
          {withMeta && <span className="item-card-meta-line">{bar(76)}</span>}
        </div>
      </div>
    </div>
  );
}
