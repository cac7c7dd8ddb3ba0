import type { ProductSummary } from '@parmeta/contracts';
import { useRef } from 'react';
import { ItemCard, ItemCardSkeleton } from '@/components/ui/item-card';
import { StockLabel } from '@/components/ui/stock-label';
import { RatingBadge } from '@/features/reviews';
import { WishButton } from '@/features/wishlist';
import { useMarkFirstScreen } from '@/lib/first-screen';
import { useImagesShown } from '@/lib/use-images-shown';
import { EAGER_CARDS, GRID_IMAGE_SIZES } from '../model/first-screen';

export function ProductGrid({ products, busy = false }: { products: readonly ProductSummary[]; busy?: boolean }) {
  const list = useRef<HTMLUListElement>(null);
  // The cards below the first screen get their images once the first screen's have been shown:
  // on a slow connection they would otherwise share it with what the user is looking at.
  const firstShown = useImagesShown(list, EAGER_CARDS);
  useMarkFirstScreen(firstShown);
  return (
    <ul ref={list} className={busy ? `product-grid product-grid-busy` : 'product-grid'} aria-busy={busy || undefined}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ItemCard
            to={`/product/${product.id}`}
            image={index < EAGER_CARDS || firstShown ? product.image : undefined}
            name={product.name}
            eyebrow={product.category.name}
            price={product.price}
            from={product.priceMax !== null && product.priceMax > product.price}
            eager={index < EAGER_CARDS}
            sizes={GRID_IMAGE_SIZES}
            corner={<WishButton productId={product.id} name={product.name} />}
            meta={
              <>
                <RatingBadge rating={product.rating} />
                <StockLabel state={product.stockState} stock={product.stock} />
              </>
            }
          />
        </li>
      ))}
    </ul>
  );
}

export function ProductGridSkeleton({ count }: { count: number }) {
  return (
    <ul className="product-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>
          <ItemCardSkeleton withMeta />
        </li>
      ))}
    </ul>
  );
}
