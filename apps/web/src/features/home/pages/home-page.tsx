import { PRODUCT_NAME } from '@parmeta/contracts';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { ButtonLink, MarketIcon, ShopIcon, WalletIcon } from '@/components/ui';
import { usePageTitle } from '@/lib/page-title';
import { useIsSignedIn } from '@/lib/session-store';
import styles from './home-page.module.css';

/**
 * Its own chunk: the hero and the cards above render as soon as this page's chunk is in,
 * without waiting for the product-card modules the section shares with the shop.
 */
const FeaturedSection = lazy(() => import('../components/featured-section').then((m) => ({ default: m.FeaturedSection })));

export default function HomePage() {
  usePageTitle();
  const signedIn = useIsSignedIn();
  return (
    <>
      <section className={styles.hero} aria-labelledby="home-title">
        <p className={styles.eyebrow}>Shop · NFT market · Wallet</p>
        <h1 id="home-title" className={styles.title}>
          {PRODUCT_NAME}
        </h1>
        <p className={styles.pitch}>Everyday products and collectible NFTs in one place, paid from one wallet.</p>
        <div className={styles.actions}>
          {signedIn ? (
            <ButtonLink to="/shop" size="lg">
              Go to the shop
            </ButtonLink>
          ) : (
            <>
              <ButtonLink to="/signup" size="lg">
                Sign up
              </ButtonLink>
              <ButtonLink to="/login" size="lg" variant="secondary">
                Sign in
              </ButtonLink>
            </>
          )}
        </div>
      </section>

      <section className={styles.features} aria-labelledby="home-features">
        <h2 id="home-features" className="sr-only">
          What you can do
        </h2>
        <Feature icon={<ShopIcon />} title="Shop">
          Browse the catalog by category and price, keep a cart, and pay with your par balance or a card.
        </Feature>
        <Feature icon={<MarketIcon />} title="NFT market">
          Collect NFTs priced in par. Each keeps its full ownership history.
        </Feature>
        <Feature icon={<WalletIcon />} title="Wallet">
          Hold par, meta and premium points. Top up, move par to meta and turn points into par.
        </Feature>
      </section>

      <Featured />
    </>
  );
}

/**
 * After the three short cards: on a phone it is below the fold, so it (its code, TanStack Query,
 * the call and the images) loads once the page is scrolled to within 200px of it; on a wider
 * screen it is in view and loads at once. The empty slot holds a screen's height meanwhile, so
 * the footer does not jump when it arrives.
 */
function Featured() {
  const slot = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = slot.current;
    if (!element || typeof IntersectionObserver === 'undefined') return setNear(true);
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), { rootMargin: '0px 0px 200px 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const placeholder = <div ref={slot} className={styles.featuredSlot} />;
  if (!near) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <FeaturedSection />
    </Suspense>
  );
}

function Feature({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <article className={styles.feature}>
      <div className={styles.featureIcon} aria-hidden="true">
        {icon}
      </div>
      <h3 className={styles.featureTitle}>{title}</h3>
      <p className={styles.featureBody}>{children}</p>
    </article>
  );
}
