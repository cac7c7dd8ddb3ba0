import { EmptyState, Link, LoadError, PageHeader, ShopIcon } from '@/components/ui';
import { ItemCard, ItemCardSkeleton } from '@/components/ui/item-card';
import { StockLabel } from '@/components/ui/stock-label';
import { useWishlist } from '../api/get-wishlist';
import { BackInStock } from '../components/back-in-stock';
import { WishButton } from '../components/wish-button';
import styles from './wishlist-page.module.css';
import { PAGE_HEADS } from '@/lib/page-heads';

/** The member's saved products, most recently saved first; out-of-stock ones offer the back-in-stock mail. */
export default function WishlistPage() {
  const wishlist = useWishlist();
  const items = wishlist.data?.items;
  return (
    <>
      <PageHeader {...PAGE_HEADS['/wishlist']} />
      {wishlist.isError ? (
        <LoadError what="your wishlist" error={wishlist.error} onRetry={() => void wishlist.refetch()} />
      ) : !items ? (
        <ul className={styles.grid} aria-busy="true" aria-label="Loading your wishlist">
          {[0, 1, 2, 3].map((i) => (
            <li key={i}>
              <ItemCardSkeleton withMeta />
            </li>
          ))}
        </ul>
      ) : items.length === 0 ? (
        <EmptyState
          title="Your wishlist is empty"
          icon={<ShopIcon />}
          action={
            <Link className={styles.shopLink} to="/shop">
              Browse the shop
            </Link>
          }
        >
          Tap the heart on any product to save it here for later.
        </EmptyState>
      ) : (
        <>
          <p className={styles.count}>{items.length === 1 ? '1 product' : `${items.length} products`}</p>
          <ul className={styles.grid}>
            {items.map(({ product }) => (
              <li key={product.id} className={styles.item}>
                <ItemCard
                  to={`/product/${product.id}`}
                  image={product.image}
                  name={product.name}
                  eyebrow={product.category.name}
                  price={product.price}
                  corner={<WishButton productId={product.id} name={product.name} />}
                  meta={<StockLabel state={product.stockState} stock={product.stock} />}
                />
                {product.stockState === 'out_of_stock' && <BackInStock productId={product.id} name={product.name} />}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
