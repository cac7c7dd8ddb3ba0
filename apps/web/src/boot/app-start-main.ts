import { APP_CODE_ID, readAppCode, startApp } from './app-start';
import { firstScreenPictures } from './first-screen-pictures';

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
  firstScreen: () => {
    const pictures = firstScreenPictures(document);
    if (pictures) return pictures;
    // Without any, a first screen the early scripts painted (the home page, a member page's
    // header) as the browser records its paint: a frame's callback comes a few milliseconds
    // before, and on a fast connection the app's files arrived in between (the home page's words
    // were then counted as waiting for them). A page with nothing painted yet (the sign-in pages)
    // has no paint to wait for.
    return new Promise<void>((resolve) => {
      if (!document.querySelector('#root > main') || !PerformanceObserver.supportedEntryTypes?.includes('paint')) return resolve();
      const observer = new PerformanceObserver((list) => {
        if (!list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) return;
        observer.disconnect();
        resolve();
      });
      observer.observe({ type: 'paint', buffered: true });
    });
  },
  later: (start: () => void, ms: number) => setTimeout(start, ms),
  add,
};
try {
  startApp(page, code);
} catch {
  startApp({ ...page, hidden: true }, code);
}
