import { iconAttributes, type IconShapes } from '@/components/ui/admin-icon-shapes';
import { ADMIN_SECTIONS, adminHeadAt, tabScroll } from '@/features/admin/model/admin-heads';
import { firstHeadAt, type PageHead } from '@/lib/page-heads';
import { isActivePath } from '@/lib/route-path';
import { isLive, readStored, type EarlyEnv } from './early-api';

// The third early script, inlined in page.html inside #root, just after the header's frame
// (build/early-start.ts). On a member page with a fixed header (lib/page-heads.ts), on checkout
// while the stored cart has lines, and on an admin page with a fixed header (lib/admin-heads.ts,
// inside the admin area's navigation), it adds that header below the frame, so the page's
// heading and lead sentence paint with the first paint instead of after the page's code: that
// sentence is the page's largest paint, which came 0.6-1 s later on a phone's connection. The
// layouts show the same while the page loads (app/layouts/first-head.tsx), and the page then
// shows it in the same place.
// Only with a live stored session, as the page's own early calls (early-page.ts): a signed-out
// visitor is sent to the sign-in page, and should not see a member page's heading first; and
// the admin area's only for a stored admin (anyone else is sent home).

export interface HeadPage extends Pick<EarlyEnv, 'storage' | 'now'> {
  pathname: string;
  /** Where the header goes: #root, as far as the parser has read it. */
  root: Pick<Element, 'append'> | null;
  create(tag: string): HTMLElement;
  /** An SVG element (the icons). */
  createSvg(tag: string): Element;
}

/** The chevron of BackLink's ChevronLeftIcon (components/ui/icons.tsx), as data. */
const BACK_ICON: IconShapes = [['path', { d: 'm15 6-6 6 6 6' }]];

/** Adds the page's first header to #root when it has one and a session is stored; says whether it did. */
export function paintHead(page: HeadPage): boolean {
  if (!page.root) return false;
  const stored = readStored(page.storage);
  if (!isLive(stored, page.now())) return false;
  const adminHead = stored.admin ? adminHeadAt(page.pathname) : null;
  const head = adminHead ?? firstHeadAt(page.pathname, stored.cartLines);
  if (!head) return false;
  const draw = drawing(page);
  // The layout's <main>, and BackLink's, PageHeader's and AdminFrame's elements, with the global classes they use.
  const main = draw.element('main', 'container');
  if (adminHead) {
    const { area, nav, current } = draw.adminFrame(page.pathname, draw.pageHeader(head));
    main.append(area);
    page.root.append(main);
    // Laid out now (the sheet is in the page): scrolled as the app's frame scrolls it.
    if (current) nav.scrollLeft = tabScroll(nav, current);
    return true;
  }
  if (head.back) {
    const link = draw.element('a', 'back-link');
    link.setAttribute('href', head.back.to);
    link.append(draw.icon(BACK_ICON, 18), head.back.label);
    main.append(link);
  }
  main.append(draw.pageHeader(head));
  page.root.append(main);
  return true;
}

function drawing(page: HeadPage) {
  const element = (tag: string, className: string, text?: string) => {
    const made = page.create(tag);
    if (className) made.className = className;
    if (text !== undefined) made.textContent = text;
    return made;
  };
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
  const pageHeader = (head: PageHead) => {
    const header = element('div', 'page-header');
    const words = element('div', '');
    words.append(element('h1', 'page-header-title', head.title), element('p', 'page-header-description', head.description));
    header.append(words);
    return header;
  };
  /** AdminFrame (features/admin/components/admin-frame.tsx) around the page's header. */
  const adminFrame = (pathname: string, content: HTMLElement) => {
    const nav = element('nav', 'admin-nav');
    nav.setAttribute('aria-label', 'Admin');
    const heading = element('p', 'admin-nav-heading', 'Admin');
    heading.setAttribute('aria-hidden', 'true');
    const list = element('ul', 'admin-nav-list');
    let current: HTMLElement | null = null;
    for (const section of ADMIN_SECTIONS) {
      const link = element('a', 'admin-nav-link');
      if (isActivePath(pathname, section.to, section.end ?? false)) {
        link.setAttribute('aria-current', 'page');
        current = link;
      }
      link.setAttribute('href', section.to);
      link.append(icon(section.icon, 20), element('span', '', section.label));
      const item = element('li', '');
      item.append(link);
      list.append(item);
    }
    nav.append(heading, list);
    const frame = element('div', 'admin-content');
    frame.append(content);
    const area = element('div', 'admin-area');
    area.append(nav, frame);
    return { area, nav, current };
  };
  return { element, icon, pageHeader, adminFrame };
}
