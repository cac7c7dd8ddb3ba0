import type { Location, NavigationType } from 'react-router';

/** React Router's key and shape ({ [location key]: y }): positions saved before this router still apply. */
const STORAGE_KEY = 'react-router-scroll-positions';

/** Scroll positions by history entry (location key), kept for the tab's session like the browser's own. */
const positions = new Map<string, number>(readStored());

function readStored(): [string, number][] {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return stored && typeof stored === 'object' ? Object.entries(stored).filter((entry): entry is [string, number] => typeof entry[1] === 'number') : [];
  } catch {
    return [];
  }
}

/** The app restores positions itself: the browser's would jump before the next page has rendered. */
export function takeOverScrollRestoration(currentKey: () => string): () => void {
  window.history.scrollRestoration = 'manual';
  const onPageHide = () => {
    rememberScroll(currentKey());
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries([...positions].slice(-100))));
    } catch {
      // storage full or refused: positions are a nicety
    }
  };
  window.addEventListener('pagehide', onPageHide);
  return () => window.removeEventListener('pagehide', onPageHide);
}

/** Called as a page is left. */
export function rememberScroll(key: string): void {
  positions.set(key, window.scrollY);
}

/**
 * As React Router's ScrollRestoration: back and forward return to where the page was left, a
 * link to `#id` scrolls to that element, and any other navigation starts at the top unless it
 * asked to keep the position (`preventScrollReset`, e.g. pagination and filter changes).
 */
export function restoreScroll(location: Location, action: NavigationType, keepScroll: boolean): void {
  const saved = action === 'POP' ? positions.get(location.key) : undefined;
  if (saved !== undefined) {
    window.scrollTo(0, saved);
    return;
  }
  if (location.hash) {
    const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target) {
      target.scrollIntoView();
      return;
    }
  }
  if (!keepScroll) window.scrollTo(0, 0);
}
