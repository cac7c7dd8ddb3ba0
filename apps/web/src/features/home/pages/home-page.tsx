import '@/styles/home.css';
import { PRODUCT_NAME } from '@parmeta/contracts';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { ButtonLink, MarketIcon, ShopIcon, WalletIcon } from '@/components/ui';
import { usePageTitle } from '@/lib/page-title';
import { useIsSignedIn } from '@/lib/session-store';
import { HOME_EYEBROW, HOME_FEATURES, HOME_PITCH, type HomeFeatureIcon } from '../model/home-text';

/**
 * Its own chunk: the hero and the cards above render as soon as this page's chunk is in,
 * without waiting for the product-card modules the section shares with the shop.
 */
const FeaturedSection = lazy(() => import('../components/featured-section').then((m) => ({ default: m.FeaturedSection })));

const FEATURE_ICONS: Record<HomeFeatureIcon, ReactNode> = { shop: <ShopIcon />, market: <MarketIcon />, wallet: <WalletIcon /> };

/** Its hero and cards are painted first by index.html's early script, the same (src/boot/early-home.ts). */
export default function HomePage() {
  usePageTitle();
  const signedIn = useIsSignedIn();
  return (
    <>
      <section className="home-hero" aria-labelledby="home-title">
        <p className="home-eyebrow">{HOME_EYEBROW}</p>
        <h1 id="home-title" className="home-title">
          {PRODUCT_NAME}
        </h1>
        <p className="home-pitch">{HOME_PITCH}</p>
        <HomeActions signedIn={signedIn} />
      </section>

      <section className="home-features" aria-labelledby="home-features">
        <h2 id="home-features" className="sr-only">
          What you can do
        </h2>
        {HOME_FEATURES.map((feature) => (
          <Feature key={feature.icon} icon={FEATURE_ICONS[feature.icon]} title={feature.title}>
            {feature.body}
          </Feature>
        ))}
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
  const placeholder = <div ref={slot} className="home-featured-slot" />;
  if (!near) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <FeaturedSection />
    </Suspense>
  );
}

/** The hero's way in: to the shop for a member, sign up or sign in for a visitor. */
export function HomeActions({ signedIn }: { signedIn: boolean }) {
  return (
    <div className="home-actions">
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
  );
}

function Feature({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <article className="home-feature">
      <div className="home-feature-icon" aria-hidden="true">
        {icon}
      </div>
      <h3 className="home-feature-title">{title}</h3>
      <p className="home-feature-body">{children}</p>
    </article>
  );
}
