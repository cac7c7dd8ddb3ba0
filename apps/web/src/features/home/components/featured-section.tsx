import { QueryClientProvider } from '@tanstack/react-query';
import { ButtonLink } from '@/components/ui';
import { ItemCard, ItemCardSkeleton } from '@/components/ui/item-card';
import { ParHelp } from '@/components/ui/par-help';
import { StockLabel } from '@/components/ui/stock-label';
import { queryClient } from '@/lib/query-client';
import { useFeatured } from '../api/get-featured';
import styles from './featured-section.module.css';

const PRODUCTS = 8;
const NFTS = 4;

function Skeletons({ count, withMeta = false }: { count: number; withMeta?: boolean }) {
  return Array.from({ length: count }, (_, i) => (
    <li key={i}>
      <ItemCardSkeleton withMeta={withMeta} />
    </li>
  ));
}

/**
 * Featured products and NFTs under the hero. Their images are below the fold on a phone
 * and load lazily; every card has its final size from the start, so nothing shifts.
 * The home page renders without TanStack Query (the first load does not carry it): this
 * lazy section brings it, with the app's one client.
 */
export function FeaturedSection() {
  return (
    <QueryClientProvider client={queryClient}>
      <Featured />
    </QueryClientProvider>
  );
}

function Featured() {
  const featured = useFeatured();
  // Nothing to show: the rest of the page stands on its own.
  if (featured.isError) return null;
  const data = featured.data;
  return (
    <section className={styles.featured} aria-labelledby="home-featured">
      <div className={styles.head}>
        <h2 id="home-featured" className={styles.title}>
          Featured
        </h2>
        <ButtonLink to="/shop" variant="ghost" size="sm">
          All products
        </ButtonLink>
      </div>
      <ParHelp />
      <p className={styles.subtitle} id="home-featured-products">
        Shop
      </p>
      <ul className={styles.grid} aria-labelledby="home-featured-products" aria-busy={!data || undefined}>
        {data ? (
          data.products.slice(0, PRODUCTS).map((p) => (
            <li key={p.id}>
              <ItemCard to={`/product/${p.id}`} image={p.image} name={p.name} eyebrow={p.category.name} price={p.price} from={p.priceMax !== null && p.priceMax > p.price} meta={<StockLabel state={p.stockState} stock={p.stock} />} />
            </li>
          ))
        ) : (
          <Skeletons count={PRODUCTS} withMeta />
        )}
      </ul>
      <div className={styles.head}>
        <p className={styles.subtitle} id="home-featured-nfts">
          NFT market
        </p>
        <ButtonLink to="/market" variant="ghost" size="sm">
          All NFTs
        </ButtonLink>
      </div>
      <ul className={styles.grid} aria-labelledby="home-featured-nfts" aria-busy={!data || undefined}>
        {data ? (
          data.nfts.slice(0, NFTS).map((n) => (
            <li key={n.id}>
              <ItemCard to={`/nft/${n.id}`} image={n.image} name={n.name} eyebrow={n.collection.name} price={n.price} />
            </li>
          ))
        ) : (
          <Skeletons count={NFTS} />
        )}
      </ul>
    </section>
  );
}
