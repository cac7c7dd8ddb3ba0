import { STORE_NAME, STORE_VERSION } from '@/lib/session-keys';
import type { FirstData } from '@/lib/first-data';
import { paintAdminHead } from './early-admin-head';
import { paintHome } from './early-home';
import { paintHead, type FirstScreenPainter, type HeadPage } from './early-head';

// What the early scripts' tests share: fake elements that write themselves out as HTML, and a
// page painted by page.html's (or admin.html's, list.html's, index.html's) head script.

export const NOW = 1_750_000_000_000;
export const HOUR = 3_600_000;

/** An element as the script builds it, written out as HTML. */
interface FakeElement {
  tag: string;
  className: string;
  textContent: string | null;
  attributes: [string, string][];
  style: Record<string, string>;
  children: (FakeElement | string)[];
  append(...children: (FakeElement | string)[]): void;
  setAttribute(name: string, value: string): void;
}
export const fakeElement = (tag: string): FakeElement => {
  const made: FakeElement = {
    tag,
    className: '',
    textContent: null,
    attributes: [],
    style: {},
    children: [],
    append: (...children) => made.children.push(...children),
    setAttribute: (name, value) => made.attributes.push([name, value]),
  };
  return made;
};
/** As React's server renderer escapes text (the browser would leave quotes as they are; both read the same). */
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
const html = (e: FakeElement | string): string => {
  if (typeof e === 'string') return escape(e);
  const style = Object.entries(e.style).map(([name, value]) => `${name}:${value}`).join(';');
  const attributes = [...(e.className ? [['class', e.className]] : []), ...e.attributes, ...(style ? [['style', style]] : [])].map(([name, value]) => ` ${name}="${escape(value ?? '')}"`).join('');
  return `<${e.tag}${attributes}>${e.textContent === null ? e.children.map(html).join('') : escape(e.textContent)}</${e.tag}>`;
};

/** Each tag's attributes in one order (the fake elements write the class first, React as the props come). */
export const sortedAttributes = (markup: string) =>
  markup.replace(/<([a-z0-9]+)((?: [a-z-]+="[^"]*")+)>/g, (_, tag: string, attributes: string) => `<${tag} ${[...attributes.matchAll(/[a-z-]+="[^"]*"/g)].map(([a]) => a).sort().join(' ')}>`);

/** The ids React's useId makes and the early script's own, as one: the markup compared, not the names. */
export const sameIds = (markup: string) => markup.replace(/(id|aria-labelledby)="[^"]*"/g, '$1="id"');

export function paint(pathname: string, { more = undefined as FirstScreenPainter | undefined, refreshExpire = NOW + HOUR as number | null, version = STORE_VERSION, cart = [] as unknown[], role = 'user', page = 'page' as 'page' | 'admin' | 'home', search = '', firstData = null as FirstData | null, historyState = null as unknown, catalogOpen = false } = {}) {
  const root = fakeElement('div');
  const stored = JSON.stringify({ version, state: { token: { accessToken: { expire: null }, refreshToken: { expire: refreshExpire } }, user: { userName: 'alice', role }, cart: { list: cart } } });
  const painted = (page === 'admin' ? paintAdminHead : page === 'home' ? paintHome : (head: HeadPage) => paintHead(head, more))({
    pathname,
    search,
    firstData,
    catalogOpen,
    historyState,
    storage: { getItem: (key) => (key === STORE_NAME ? stored : null) },
    now: () => NOW,
    root: root as unknown as Element,
    create: (tag) => fakeElement(tag) as unknown as HTMLElement,
    createSvg: (tag) => fakeElement(tag) as unknown as Element,
  });
  return { painted, html: root.children.map(html).join('') };
}

