import type { Paged } from '@parmeta/contracts';

const SCAN_PAGE_SIZE = 100;

export class NotFoundError extends Error {
  override name = 'NotFoundError';
}

/**
 * Pages through a list (100 at a time) until an item matches. For records whose API has
 * no single read (admin products and NFTs); the list is the source of truth either way.
 */
export async function findInPages<T>(load: (page: number, pageSize: number) => Promise<Paged<T>>, match: (item: T) => boolean): Promise<T> {
  for (let page = 1; ; page++) {
    const data = await load(page, SCAN_PAGE_SIZE);
    const found = data.items.find(match);
    if (found) return found;
    if (page * data.pageSize >= data.total || data.items.length === 0) throw new NotFoundError('Not found');
  }
}
