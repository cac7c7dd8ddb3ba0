import { useDeferredValue } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useParams } from 'react-router';
import { loginPathFor } from '@/features/auth';
import { ProductReviews, RatingBadge } from '@/features/reviews';
import { BackInStock, WishButton } from '@/features/wishlist';
import { EmptyState, Link, LoadError, ShopIcon, Skeleton } from '@/components/ui';
import { BackLink } from '@/components/ui/back-link';
import { ParHelp } from '@/components/ui/par-help';
import { Price } from '@/components/ui/price';
import { SignInToBuy } from '@/components/ui/sign-in-to-buy';
import { StockLabel } from '@/components/ui/stock-label';
import { useIsSignedIn } from '@/lib/session-store';
import { usePageTitle } from '@/lib/page-title';
import { VariantChoice, variantLabel } from '@/features/variants';
import { failedWith } from '@/lib/call-api';
import { useProduct } from '../api/get-product';
import { shopKeys } from '../api/query-keys';
import { AddToCart } from '../components/add-to-cart';
import { Gallery } from '../components/gallery';
import { RelatedProducts } from '../components/related-products';
import { galleryOf } from '../model/gallery';
import { shopSearch } from '../model/shop-filter';
import styles from './product-page.module.css';

/** The product's images, with a variant's own image first when it has one. */
const galleryImages = (images: readonly string[], variantImage: string | undefined) => (variantImage ? [variantImage, ...images.filter((src) => src !== variantImage)] : images);

export default function ProductPage() {
  const { id = '' } = useParams();
  const productId = /^\d{1,15}$/.test(id) ? Number(id) : 0;
  // Rendered as a transition, in slices, when the product arrives (see shop-page.tsx).
  const product = useDeferredValue(useProduct(productId));
  const queryClient = useQueryClient();
  usePageTitle(product.data?.name ?? 'Product');
  const signedIn = useIsSignedIn();
  const location = useLocation();

  if (productId === 0 || failedWith(product.error, 'NOT_FOUND') || failedWith(product.error, 'BAD_REQUEST')) {
    return (
      <div className={styles.missing}>
        <EmptyState
          title="This product is not available"
          icon={<ShopIcon />}
          action={
            <Link className={styles.backLink} to="/shop">
              Back to the shop
            </Link>
          }
        >
          It may have been removed from the catalog. Everything else is still in the shop.
        </EmptyState>
      </div>
    );
  }

  if (product.isError) {
    return (
      <>
        <BackLink to="/shop">Shop</BackLink>
        <LoadError what="this product" error={product.error} onRetry={() => void product.refetch()} className={styles.loadFailed} />
      </>
    );
  }

  const p = product.data;
  return (
    <>
      <nav aria-label="Breadcrumb" className="product-crumbs">
        <ol>
          <li>
            <Link to="/shop">Shop</Link>
          </li>
          {p ? (
            <>
              <li>
                <Link to={{ pathname: '/shop', search: shopSearch({ category: p.category.slug }) }}>{p.category.name}</Link>
              </li>
              <li aria-current="page">{p.name}</li>
            </>
          ) : (
            <li>
              <Skeleton width={160} height={16} />
            </li>
          )}
        </ol>
      </nav>

      {p ? (
        <VariantChoice key={p.id} product={p}>
          {({ variant, missing, picker }) => (
            <article className="product-layout">
              {/* A chosen variant with its own image shows it first (remounted: the strip starts at it). */}
              <Gallery key={variant?.image || ''} images={galleryImages(galleryOf(p), variant?.image)} name={p.name} />
              <div className={styles.info}>
                <p className={styles.category}>{p.category.name}</p>
                <h1 className={styles.name}>{p.name}</h1>
                {p.rating.count > 0 && (
                  <a href="#product-reviews" className={styles.ratingLink}>
                    <RatingBadge rating={p.rating} />
                  </a>
                )}
                {picker}
                <div className={styles.priceRow}>
                  {variant ? (
                    <Price value={variant.price} className={styles.price} />
                  ) : p.priceMax !== null && p.priceMax > p.price ? (
                    <span className={styles.price}>
                      <span className={styles.from}>From </span>
                      <Price value={p.price} />
                    </span>
                  ) : (
                    <Price value={p.price} className={styles.price} />
                  )}
                  <ParHelp />
                </div>
                {variant ? <StockLabel state={variant.stockState} stock={variant.stock} className={styles.stock} /> : <StockLabel state={p.stockState} stock={p.stock} className={styles.stock} />}
                {/* A visitor of the open catalog (PUBLIC_CATALOG) signs in here and comes back. */}
                {signedIn ? (
                  <AddToCart key={variant?.id ?? 0} product={p} variant={variant && { id: variant.id, label: variantLabel(p.options, variant), stock: variant.stock }} choose={missing} />
                ) : (
                  <SignInToBuy to={loginPathFor(location.pathname + location.search)} />
                )}
                {signedIn && (
                  <div className={styles.wishRow}>
                    <WishButton productId={p.id} name={p.name} size="lg" />
                    {/* A sold-out variant chosen: the request is for it; nothing chosen: for the product, when none is left. */}
                    {variant ? (
                      variant.stock <= 0 && <BackInStock key={variant.id} productId={p.id} name={p.name} variant={{ id: variant.id, label: variantLabel(p.options, variant) }} />
                    ) : (
                      p.stockState === 'out_of_stock' && <BackInStock productId={p.id} name={p.name} />
                    )}
                  </div>
                )}
                <section className={styles.description} aria-labelledby="product-about">
                  <h2 id="product-about">About this product</h2>
                  <p>{p.description}</p>
                </section>
              </div>
            </article>
          )}
        </VariantChoice>
      ) : (
        <div className="product-layout" role="status" aria-busy="true" aria-label="Loading the product">
          <Skeleton className={styles.imageSkeleton} height="auto" />
          <div className={styles.info}>
            <Skeleton width="30%" height={16} />
            <Skeleton width="80%" height={36} />
            <Skeleton width="25%" height={32} />
            <Skeleton width="20%" height={20} />
            <Skeleton width="100%" height={48} />
            <Skeleton width="100%" height={96} />
          </div>
        </div>
      )}
      {/* A saved review moves the product's rating: the shop's lists and this page read it again. */}
      {p && <ProductReviews key={p.id} productId={p.id} productName={p.name} onRatingChange={() => void queryClient.invalidateQueries({ queryKey: shopKeys.all })} />}
      {p && <RelatedProducts key={p.id} productId={p.id} />}
    </>
  );
}
