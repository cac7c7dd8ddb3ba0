import { ADMIN_SECTIONS, adminHeadAt, tabScroll } from '@/features/admin/model/admin-heads';
import { isActivePath } from '@/lib/route-path';
import { isLive, readStored } from './early-api';
import { drawing, type HeadPage } from './early-head';

// The third early script of admin.html, the page the API answers for the admin area's addresses
// (build/early-start.ts): as page.html's (early-head.ts), but on an admin page with a fixed header
// (features/admin/model/admin-heads.ts) it paints that header inside the admin area's navigation,
// which must be there first or the header would move when it came. A page of its own, so that
// the admin area's table and icons (2.2 kB compressed) are not in every member's page.
// Only for a stored admin with a live session: anyone else is sent home or to sign in.

/** Adds the admin frame with the page's header to #root when the page has a fixed one; says whether it did. */
export function paintAdminHead(page: HeadPage): boolean {
  if (!page.root) return false;
  const stored = readStored(page.storage);
  if (!stored.admin || !isLive(stored, page.now())) return false;
  const head = adminHeadAt(page.pathname);
  if (!head) return false;
  const { element, icon, pageHeader } = drawing(page);
  // AdminFrame (features/admin/components/admin-frame.tsx) in the layout's <main>.
  const nav = element('nav', 'admin-nav');
  nav.setAttribute('aria-label', 'Admin');
  const heading = element('p', 'admin-nav-heading', 'Admin');
  heading.setAttribute('aria-hidden', 'true');
  const list = element('ul', 'admin-nav-list');
  let current: HTMLElement | null = null;
  for (const section of ADMIN_SECTIONS) {
    const link = element('a', 'admin-nav-link');
    if (isActivePath(page.pathname, section.to, section.end ?? false)) {
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
  const content = element('div', 'admin-content');
  content.append(pageHeader(head));
  const area = element('div', 'admin-area');
  area.append(nav, content);
  const main = element('main', 'container');
  main.append(area);
  page.root.append(main);
  // Laid out now (the sheet is in the page): scrolled as the app's frame scrolls it.
  if (current) nav.scrollLeft = tabScroll(nav, current);
  return true;
}
