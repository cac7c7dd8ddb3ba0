import { APP_CODE_ID, readAppCode, startApp } from './app-start';

// The entry of the last early script, inlined at the end of both pages' body: see app-start.ts.
// Unlike the other early scripts it is not a head start the app can do without: if waiting for
// the frame fails, the app's code is asked for at once.

const add = (tag: 'link' | 'script', attributes: Record<string, string>) => {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.head.append(element);
};
const code = readAppCode(document.getElementById(APP_CODE_ID)?.textContent);
const page = {
  hidden: document.visibilityState === 'hidden',
  afterFrame: (start: () => void) => requestAnimationFrame(() => setTimeout(start, 0)),
  // The early scripts paint the first screen's pictures decoded with the frame (decoding="sync"): early-item.ts, early-list.ts.
  firstPictures: () => Promise.all([...document.querySelectorAll<HTMLImageElement>('#root img[decoding="sync"]')].map((img) => img.decode().catch(() => undefined))),
  later: (start: () => void, ms: number) => setTimeout(start, ms),
  add,
};
try {
  startApp(page, code);
} catch {
  startApp({ ...page, hidden: true }, code);
}
