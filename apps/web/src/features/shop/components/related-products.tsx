import type { ProductSummary } from '@parmeta/contracts';
import { ItemCard, ItemCardSkeleton } from '@/components/ui/item-card';
import { StockLabel } from '@/components/ui/stock-label';
import { useRelated } from '../api/get-related';
import styles from './related-products.module.css';

const CARD_SIZES = '(max-width: 767.98px) 44vw, 240px';

function Row({ id, title, products }: { id: string; title: string; products: ProductSummary[] }) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.title}>
        {title}
      </h2>
      <ul className={styles.row}>
        {products.map((p) => (
          <li key={p.id}>
            <ItemCard to={`/product/${p.id}`} image={p.image} name={p.name} eyebrow={p.category.name} price={p.price} sizes={CARD_SIZES} meta={<StockLabel state={p.stockState} stock={p.stock} />} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Below a product: related products (same category first, then alike names) and, once enough
 * members bought them together, what customers also bought. Nothing shows when a list is
 * empty or cannot be read: the page is complete without them.
 */
export function RelatedProducts({ productId }: { productId: number }) {
  const related = useRelated(productId);
  if (related.isPending) {
    return (
      <section className={styles.section} aria-busy="true" aria-label="Loading related products">
        <ul className={styles.row} aria-hidden="true">
          {Array.from({ length: 4 }, (_, i) => (
            <li key={i}>
              <ItemCardSkeleton withMeta />
            </li>
          ))}
        </ul>
      </section>
    );
  }
  if (!related.data) return null;
  return (
    <>
      {related.data.alsoBought.length > 0 && <Row id="also-bought" title="Customers also bought" products={related.data.alsoBought} />}
      {related.data.related.length > 0 && <Row id="related-products" title="Related products" products={related.data.related} />}
    </>
  );
}
