import type { ProductSummary } from '@parmeta/contracts';
import { ItemCard, ItemCardSkeleton } from '@/components/ui/item-card';
import { StockLabel } from '@/components/ui/stock-label';
import styles from './product-grid.module.css';

/** Cards in the first rows are likely on screen at load: their images are not deferred. */
const EAGER_CARDS = 4;

export function ProductGrid({ products, busy = false }: { products: readonly ProductSummary[]; busy?: boolean }) {
  return (
    <ul className={busy ? `${styles.grid} ${styles.busy}` : styles.grid} aria-busy={busy || undefined}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ItemCard
            to={`/product/${product.id}`}
            image={product.image}
            name={product.name}
            eyebrow={product.category.name}
            price={product.price}
            eager={index < EAGER_CARDS}
            meta={<StockLabel state={product.stockState} stock={product.stock} />}
          />
        </li>
      ))}
    </ul>
  );
}

export function ProductGridSkeleton({ count }: { count: number }) {
  return (
    <ul className={styles.grid} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>
          <ItemCardSkeleton withMeta />
        </li>
      ))}
    </ul>
  );
}
