let open: boolean | undefined;

/**
 * The server opens the shop window (shop, product, market and NFT pages) to visitors when
 * PUBLIC_CATALOG is set, and says so in the page it serves (a meta tag; docs/decisions/0062).
 * Read once: the setting does not change while the page is open.
 */
export function catalogOpen(): boolean {
  open ??= typeof document !== 'undefined' && document.querySelector('meta[name="parmeta:catalog"]')?.getAttribute('content') === 'open';
  return open;
}
