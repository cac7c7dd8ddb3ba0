import { firstHeadAt } from '@/lib/page-heads';
import { isLive, readStored, type EarlyEnv } from './early-api';

// The third early script, inlined in page.html inside #root, just after the header's frame
// (build/early-start.ts). On a member page with a fixed header (lib/page-heads.ts), and on
// checkout while the stored cart has lines, it adds that header below the frame, so the page's
// heading and lead sentence paint with the first paint instead of after the page's code: that
// sentence is the page's largest paint, which came 0.6-1 s later on a phone's connection. The
// layouts show the same header while the page loads (app/layouts/first-head.tsx), and the page
// then shows it in the same place.
// Only with a live stored session, as the page's own early calls (early-page.ts): a signed-out
// visitor is sent to the sign-in page, and should not see a member page's heading first.

export interface HeadPage extends Pick<EarlyEnv, 'storage' | 'now'> {
  pathname: string;
  /** Where the header goes: #root, as far as the parser has read it. */
  root: Pick<Element, 'append'> | null;
  create(tag: string): HTMLElement;
  /** An SVG element (the way back's arrow). */
  createSvg(tag: string): Element;
}

/** The chevron of BackLink's ChevronLeftIcon (components/ui/icons.tsx), with Icon's attributes at 18 px. */
const BACK_ICON: Record<string, string> = {
  width: '18',
  height: '18',
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  'stroke-width': '1.8',
  'stroke-linecap': 'round',
  'stroke-linejoin': 'round',
  'aria-hidden': 'true',
  focusable: 'false',
};
const BACK_PATH = 'm15 6-6 6 6 6';

/** Adds the page's first header to #root when it has one and a session is stored; says whether it did. */
export function paintHead(page: HeadPage): boolean {
  if (!page.root) return false;
  const stored = readStored(page.storage);
  if (!isLive(stored, page.now())) return false;
  const head = firstHeadAt(page.pathname, stored.cartLines);
  if (!head) return false;
  const element = (tag: string, className: string, text?: string) => {
    const made = page.create(tag);
    made.className = className;
    if (text !== undefined) made.textContent = text;
    return made;
  };
  // The layout's <main> and BackLink's and PageHeader's elements, with the global classes they use.
  const main = element('main', 'container');
  if (head.back) {
    const link = element('a', 'back-link');
    link.setAttribute('href', head.back.to);
    const icon = page.createSvg('svg');
    for (const [name, value] of Object.entries(BACK_ICON)) icon.setAttribute(name, value);
    const path = page.createSvg('path');
    path.setAttribute('d', BACK_PATH);
    icon.append(path);
    link.append(icon, head.back.label);
    main.append(link);
  }
  const header = element('div', 'page-header');
  const words = element('div', '');
  words.append(element('h1', 'page-header-title', head.title), element('p', 'page-header-description', head.description));
  header.append(words);
  main.append(header);
  page.root.append(main);
  return true;
}
