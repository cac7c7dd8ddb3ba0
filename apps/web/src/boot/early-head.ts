import { iconAttributes, type IconShapes } from '@/components/ui/icon-shapes';
import { firstHeadAt, type PageHead } from '@/lib/page-heads';
import { firstPanelsAt } from '@/lib/page-panels';
import { catalogOpen } from '@/lib/catalog-access';
import { firstNft, firstProduct, readFirstData, type FirstData } from '@/lib/first-data';
import { routerPath } from '@/lib/route-path';
import { browserStorage, isLive, readStored, type EarlyEnv } from './early-api';
import { drawCartFirst } from './early-cart';
import { drawNftFirst, drawProductFirst } from './early-item';

// The third early script, inlined in page.html inside #root, just after the header's frame
// (build/early-start.ts). On a member page with a fixed header (lib/page-heads.ts), and on
// checkout while the stored cart has lines, it adds that header below the frame (on the security
// page with its panels' headings and descriptions: lib/page-panels.ts), so the page's
// heading and lead sentence paint with the first paint instead of after the page's code: that
// sentence is the page's largest paint, which came 0.6-1 s later on a phone's connection. The
// layouts show the same header while the page loads (app/layouts/first-head.tsx), and the page
// then shows it in the same place. The admin area's pages get admin.html, whose script paints
// their header inside the admin navigation (early-admin-head.ts).
// A product or NFT page whose HTML brought its first data, and the cart page while the stored cart
// has lines, get their first screen instead: the picture or the fine print that is their largest
// paint (early-item.ts, early-cart.ts; docs/decisions/0098). list.html, the page of the shop's and
// the market's addresses, has this script with the painter of their first screen (early-list.ts,
// list-head-main.ts; docs/decisions/0099).
// Only with a live stored session, as the page's own early calls (early-page.ts): a signed-out
// visitor is sent to the sign-in page, and should not see a member page's heading first. The one
// exception is the open catalog (PUBLIC_CATALOG), whose product, NFT and grid pages a visitor may
// see: the server writes their first data for anyone there, and their first screen paints from it
// as a member's does (the market without "My NFTs", which a visitor does not get).

export interface HeadPage extends Pick<EarlyEnv, 'storage' | 'now'> {
  pathname: string;
  search: string;
  /** The page's first data, written into its head by the server (lib/first-data.ts). */
  firstData: FirstData | null;
  /** The server opens the shop window to visitors (PUBLIC_CATALOG), as the page's head says (lib/catalog-access.ts). */
  catalogOpen: boolean;
  /** The history entry's state: React Router keeps what a page was sent with under `usr`. */
  historyState: unknown;
  /** Where the header goes: #root, as far as the parser has read it. */
  root: Pick<Element, 'append'> | null;
  create(tag: string): HTMLElement;
  /** An SVG element (the icons). */
  createSvg(tag: string): Element;
}

/** The page as the browser has it while the parser is inside #root: for the scripts' entries. */
export const browserHeadPage = (): HeadPage => ({
  pathname: window.location.pathname,
  search: window.location.search,
  firstData: readFirstData(document),
  catalogOpen: catalogOpen(),
  historyState: window.history.state as unknown,
  storage: browserStorage(),
  now: Date.now,
  root: document.getElementById('root'),
  create: (tag) => document.createElement(tag),
  createSvg: (tag) => document.createElementNS('http://www.w3.org/2000/svg', tag),
});

/** The chevron of BackLink's ChevronLeftIcon (components/ui/icons.tsx), as data. */
const BACK_ICON: IconShapes = [['path', { d: 'm15 6-6 6 6 6' }]];

/**
 * A first screen another page's script paints (list.html's: the shop's and the market's,
 * early-list.ts), for a member or (`member` false) a visitor of the open catalog; says whether it did.
 */
export type FirstScreenPainter = (page: HeadPage, paint: typeof paintMain, member: boolean) => boolean;

/**
 * Adds the page's first header (or first screen) to #root when it has one and a session is
 * stored (on the open catalog, a visitor's first screen of a product, an NFT or a grid); says
 * whether it did. `more` paints the first screens this page's script knows beyond the product,
 * NFT and cart pages.
 */
export function paintHead(page: HeadPage, more?: FirstScreenPainter): boolean {
  if (!page.root) return false;
  const stored = readStored(page.storage);
  if (!isLive(stored, page.now())) return page.catalogOpen && (paintItem(page) || (more?.(page, paintMain, false) ?? false));
  const head = firstHeadAt(page.pathname, stored.cartLines);
  if (!head) return paintItem(page) || (more?.(page, paintMain, true) ?? false) || paintCart(page, stored);
  return paintMain(page, (draw) => {
    // BackLink's and PageHeader's elements, with the global classes they use.
    const parts: HTMLElement[] = [];
    if (head.back) {
      const link = draw.link(head.back.to, '', 'back-link');
      link.append(draw.icon(BACK_ICON, 18), head.back.label);
      parts.push(link);
    }
    parts.push(draw.pageHeader(head));
    const panels = firstPanelsAt(page.pathname);
    if (panels) {
      const stack = draw.element('div', 'panel-stack');
      stack.append(...panels.map((panel, i) => draw.panel(panel, `early-panel-${i + 1}`)));
      parts.push(stack);
    }
    return parts;
  });
}

/** Adds the layout's <main> with these parts to #root (when there are any); says whether it did. */
export function paintMain(page: HeadPage, parts: (draw: ReturnType<typeof drawing>) => HTMLElement[] | null): boolean {
  if (!page.root) return false;
  const draw = drawing(page);
  const drawn = parts(draw);
  if (!drawn) return false;
  const main = draw.element('main', 'container');
  main.append(...drawn);
  page.root.append(main);
  return true;
}

/**
 * A product or NFT page with its first data: its breadcrumb and main picture (boot/early-item.ts).
 * Not a product with a variant named in the address, whose own picture the gallery may show first.
 */
function paintItem(page: HeadPage): boolean {
  const path = routerPath(page.pathname);
  const productId = Number(/^\/product\/(\d{1,15})$/.exec(path)?.[1] ?? 0);
  const product = productId > 0 && !new URLSearchParams(page.search).has('variant') ? firstProduct(page.firstData, productId) : undefined;
  if (product) return paintMain(page, (draw) => drawProductFirst(draw, product));
  const nftId = Number(/^\/nft\/(\d{1,15})$/.exec(path)?.[1] ?? 0);
  const nft = nftId > 0 ? firstNft(page.firstData, nftId) : undefined;
  return nft !== undefined && paintMain(page, (draw) => drawNftFirst(draw, nft));
}

/**
 * The cart page while the stored cart has lines (boot/early-cart.ts). Not when the page was
 * opened with a notice (an arrival from "Buy again", kept in the history entry over a reload),
 * which the page shows above its lines.
 */
function paintCart(page: HeadPage, stored: ReturnType<typeof readStored>): boolean {
  const sentWith = (page.historyState as { usr?: unknown } | null)?.usr;
  if (routerPath(page.pathname) !== '/cart' || stored.cartLines === 0 || (sentWith !== undefined && sentWith !== null)) return false;
  return paintMain(page, (draw) => drawCartFirst(draw, stored.cartLines, stored.cartItems));
}

/** The elements the early scripts draw, as the app's components render them. */
export function drawing(page: Pick<HeadPage, 'create' | 'createSvg'>) {
  const element = (tag: string, className: string, text?: string) => {
    const made = page.create(tag);
    if (className) made.className = className;
    if (text !== undefined) made.textContent = text;
    return made;
  };
  /** A link (the app's Link renders a plain <a>). */
  const link = (href: string, text: string, className = '') => {
    const a = element('a', className, text === '' ? undefined : text);
    a.setAttribute('href', href);
    return a;
  };
  /** icons.tsx's Icon with these shapes inside. */
  const icon = (shapes: IconShapes, size: number) => {
    const svg = page.createSvg('svg');
    for (const [name, value] of Object.entries(iconAttributes(size))) svg.setAttribute(name, value);
    for (const [tag, attributes] of shapes) {
      const shape = page.createSvg(tag);
      for (const [name, value] of Object.entries(attributes)) shape.setAttribute(name, value);
      svg.append(shape);
    }
    return svg;
  };
  /** PageHeader (components/ui/page-header.tsx), without actions. */
  const pageHeader = (head: PageHead) => {
    const header = element('div', 'page-header');
    const words = element('div', '');
    words.append(element('h1', 'page-header-title', head.title), element('p', 'page-header-description', head.description));
    header.append(words);
    return header;
  };
  /** Panel (components/ui/panel.tsx) with a heading (and a description) only; `id` labels the section as useId does there. */
  const panel = (head: { title: string; description?: string }, id: string, className = '') => {
    const section = element('section', ['panel', className].filter(Boolean).join(' '));
    section.setAttribute('aria-labelledby', id);
    const title = element('h2', 'panel-title', head.title);
    title.setAttribute('id', id);
    const words = element('div', '');
    words.append(title);
    if (head.description !== undefined) words.append(element('p', 'panel-description', head.description));
    const top = element('div', 'panel-head');
    top.append(words);
    section.append(top);
    return section;
  };
  /** Skeleton (components/ui/skeleton.tsx). */
  const skeleton = (width: string, height: string, className = '') => {
    const made = element('span', ['skeleton', className].filter(Boolean).join(' '));
    made.setAttribute('aria-hidden', 'true');
    // Through the style object, as React sets it: the page's policy refuses a style attribute.
    made.style.width = width;
    made.style.height = height;
    return made;
  };
  return { element, link, icon, pageHeader, panel, skeleton };
}
