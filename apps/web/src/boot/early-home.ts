import { PRODUCT_NAME } from '@parmeta/contracts';
import { buttonClasses, type ButtonLook } from '@/components/ui/button-classes';
import type { IconShapes } from '@/components/ui/icon-shapes';
import { HOME_EYEBROW, HOME_FEATURES, HOME_PITCH, type HomeFeatureIcon } from '@/features/home/model/home-text';
import { routerPath } from '@/lib/route-path';
import { isLive, readStored } from './early-api';
import { paintMain, type drawing, type HeadPage } from './early-head';

// index.html's early script, inlined inside #root after the header's frame: it paints the home
// page's hero and its three cards, as home-page.tsx renders them, with the same global classes
// (styles/home.css, styles/button.css). A card's words were the page's largest paint, and they
// waited for React: 1.37-1.50 s in Lighthouse's estimate of a phone (docs/decisions/0100). The
// app's first render then shows the same page in the same place. The featured products below
// come with the app, as before.

type Draw = ReturnType<typeof drawing>;

/** ShopIcon, MarketIcon and WalletIcon (components/ui/icons.tsx), as data. */
const FEATURE_ICONS: Record<HomeFeatureIcon, IconShapes> = {
  shop: [
    ['path', { d: 'M5 8h14l-1.2 12.1a1 1 0 0 1-1 .9H7.2a1 1 0 0 1-1-.9z' }],
    ['path', { d: 'M9 10V7a3 3 0 0 1 6 0v3' }],
  ],
  market: [
    ['path', { d: 'M6.5 3.5h11L21 9l-9 11.5L3 9z' }],
    ['path', { d: 'M3 9h18M12 20.5 8.5 9l2-5.5M12 20.5 15.5 9l-2-5.5' }],
  ],
  wallet: [
    ['rect', { x: '3', y: '5.5', width: '18', height: '14', rx: '2' }],
    ['path', { d: 'M3 9.5h18M16 14.5h2' }],
  ],
};

/** ButtonLink (components/ui/button.tsx): a link that looks like a button. */
const buttonLink = (draw: Draw, to: string, text: string, look: ButtonLook) => draw.link(to, text, buttonClasses(look));

/** The hero, the cards, and the empty slot the featured products load into (home-page.tsx). */
export function drawHomeFirst(draw: Draw, signedIn: boolean): HTMLElement[] {
  const { element } = draw;
  const title = element('h1', 'home-title', PRODUCT_NAME);
  title.setAttribute('id', 'home-title');
  const actions = element('div', 'home-actions');
  if (signedIn) actions.append(buttonLink(draw, '/shop', 'Go to the shop', { size: 'lg' }));
  else actions.append(buttonLink(draw, '/signup', 'Sign up', { size: 'lg' }), buttonLink(draw, '/login', 'Sign in', { size: 'lg', variant: 'secondary' }));
  const hero = element('section', 'home-hero');
  hero.setAttribute('aria-labelledby', 'home-title');
  hero.append(element('p', 'home-eyebrow', HOME_EYEBROW), title, element('p', 'home-pitch', HOME_PITCH), actions);

  const heading = element('h2', 'sr-only', 'What you can do');
  heading.setAttribute('id', 'home-features');
  const features = element('section', 'home-features');
  features.setAttribute('aria-labelledby', 'home-features');
  features.append(
    heading,
    ...HOME_FEATURES.map((feature) => {
      const icon = element('div', 'home-feature-icon');
      icon.setAttribute('aria-hidden', 'true');
      icon.append(draw.icon(FEATURE_ICONS[feature.icon], 24));
      const card = element('article', 'home-feature');
      card.append(icon, element('h3', 'home-feature-title', feature.title), element('p', 'home-feature-body', feature.body));
      return card;
    }),
  );
  return [hero, features, element('div', 'home-featured-slot')];
}

/** Adds the home page to #root at the home page's address (index.html is every address's page on a static host); says whether it did. */
export function paintHome(page: HeadPage): boolean {
  if (routerPath(page.pathname) !== '/') return false;
  // As the page: signed in while the stored refresh token is unexpired (session-store.ts's hasSession).
  const signedIn = isLive(readStored(page.storage), page.now());
  return paintMain(page, (draw) => drawHomeFirst(draw, signedIn));
}
