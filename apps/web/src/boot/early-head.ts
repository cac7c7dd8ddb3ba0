import { pageHeadAt } from '@/lib/page-heads';
import { readStored, type EarlyEnv } from './early-api';

// The third early script, inlined in page.html inside #root, just after the header's frame
// (build/early-start.ts). On a member page with a fixed header (lib/page-heads.ts) it adds that
// header below the frame, so the page's heading and lead sentence paint with the first paint
// instead of after the page's code: that sentence is the page's largest paint, which came
// 0.6-1 s later on a phone's connection. The layout shows the same header while the page loads
// (app/layouts/first-head.tsx), and the page then shows it in the same place.
// Only with a live stored session, as the page's own early calls (early-page.ts): a signed-out
// visitor is sent to the sign-in page, and should not see a member page's heading first.

export interface HeadPage extends Pick<EarlyEnv, 'storage' | 'now'> {
  pathname: string;
  /** Where the header goes: #root, as far as the parser has read it. */
  root: Pick<Element, 'append'> | null;
  create(tag: string): HTMLElement;
}

/** Adds the page's fixed header to #root when it has one and a session is stored; says whether it did. */
export function paintHead(page: HeadPage): boolean {
  const head = pageHeadAt(page.pathname);
  if (!head || !page.root) return false;
  const { refreshExpire } = readStored(page.storage);
  if (refreshExpire === null || refreshExpire <= page.now()) return false;
  const element = (tag: string, className: string, text?: string) => {
    const made = page.create(tag);
    made.className = className;
    if (text !== undefined) made.textContent = text;
    return made;
  };
  // The main layout's <main> and PageHeader's elements, with the global classes they use.
  const main = element('main', 'container');
  const header = element('div', 'page-header');
  const words = element('div', '');
  words.append(element('h1', 'page-header-title', head.title), element('p', 'page-header-description', head.description));
  header.append(words);
  main.append(header);
  page.root.append(main);
  return true;
}
