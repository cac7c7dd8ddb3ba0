import { describe, expect, it } from 'vitest';
import { SearchIndex, type IndexedProduct, type IndexQuery } from './search-index.js';
import { wordsOf } from './search-words.js';
import { Rng } from '../../../test/model/rng.js';

const query = (terms: string[], rest: Partial<IndexQuery> = {}): IndexQuery => ({ terms, sort: 'relevance', limit: 100, offset: 0, ...rest });
const product = (id: number, name: string, description = '', category_id = 1, price = 1000): IndexedProduct => ({ id, name, description, category_id, price });

const WORDS = ['steel', 'steer', 'stem', 'cotton', 'cot', 'shirt', 'shorts', 'shoe', 'lamp', 'kettle', 'café', 'oak', 'oat'];

describe('words', () => {
  it('are lower case, without accents, split on anything not a letter or digit', () => {
    expect(wordsOf('Café CRÈME, heavy-duty 4K/USB-C')).toEqual(['cafe', 'creme', 'heavy', 'duty', '4k', 'usb', 'c']);
    expect(wordsOf('"; drop table --')).toEqual(['drop', 'table']);
    expect(wordsOf('')).toEqual([]);
  });
});

describe('search index', () => {
  it('matches the words each term starts, every term required, in the name or the description', () => {
    const index = new SearchIndex();
    index.put(product(1, 'Steel Kettle', 'For tea.'));
    index.put(product(2, 'Oak Shelf', 'Steer clear of damp.'));
    index.put(product(3, 'Cotton Shirt', 'Soft.'));
    expect(index.search(query(['ste'])).ids.sort()).toEqual([1, 2]);
    expect(index.search(query(['ste', 'kett'])).ids).toEqual([1]);
    expect(index.search(query(['ste', 'shirt'])).ids).toEqual([]);
    expect(index.search(query(['zz'])).ids).toEqual([]);
    expect(index.search(query(['cafe'])).ids).toEqual([]);
  });

  it('ranks a word in the name over one in the description, shorter names first, then by id', () => {
    const index = new SearchIndex();
    index.put(product(1, 'Plain Box', 'Ships with a quoxel sticker somewhere in a long description.'));
    index.put(product(2, 'Quoxel Lamp With A Long Name For Reading', 'A lamp.'));
    index.put(product(3, 'Quoxel Lamp', 'A quoxel lamp.'));
    index.put(product(4, 'Quoxel Lamp', 'Another.'));
    expect(index.search(query(['quox'])).ids).toEqual([3, 4, 2, 1]);
  });

  it('reads accents as the shop does: "cafe" and "café" find "Café"', () => {
    const index = new SearchIndex();
    index.put(product(1, 'Café Mug'));
    expect(index.search(query(wordsOf('café'))).ids).toEqual([1]);
    expect(index.search(query(['cafe'])).ids).toEqual([1]);
  });

  it('follows a product renamed, moved, repriced and removed', () => {
    const index = new SearchIndex();
    index.put(product(7, 'Zorbflux Kettle', '', 1, 1500));
    expect(index.search(query(['zorb']))).toEqual({ ids: [7], counts: new Map([[1, 1]]) });
    index.put(product(7, 'Quillon Kettle', '', 2, 9900));
    expect(index.search(query(['zorb'])).ids).toEqual([]);
    expect(index.search(query(['quil'], { priceToMinor: 9899 })).ids).toEqual([]);
    expect(index.search(query(['quil'], { priceToMinor: 9900 }))).toEqual({ ids: [7], counts: new Map([[2, 1]]) });
    index.remove(7);
    expect(index.search(query(['kettle'])).ids).toEqual([]);
    expect(index.size).toBe(0);
  });

  it('agrees with reading every product, through puts, removes and compactions, for every order, filter and page', () => {
    const rng = new Rng(7);
    const random = () => rng.next();
    const pick = () => WORDS[Math.floor(random() * WORDS.length)]!;
    const live = new Map<number, IndexedProduct>();
    const index = new SearchIndex();
    const write = () => {
      const id = 1 + Math.floor(random() * 3000);
      if (random() < 0.2) {
        index.remove(id);
        live.delete(id);
        return;
      }
      const p = product(id, `${pick()} ${pick()}`, `${pick()} ${pick()} ${pick()}`, 1 + Math.floor(random() * 4), 100 * Math.floor(random() * 50));
      index.put(p);
      live.set(id, p);
    };
    for (let round = 0; round < 6; round++) {
      for (let i = 0; i < 2500; i++) write(); // enough removals to compact more than once
      if (round === 0) index.settle(); // as after the bulk load: everything cut to its length, then more writes
      expect(index.size).toBe(live.size);
      for (const terms of [[], ['st'], ['ste', 'co'], ['sh'], ['ca'], ['oa', 'st', 'sh'], ['lamp']]) {
        const match = [...live.values()].filter((p) => terms.every((t) => wordsOf(`${p.name} ${p.description}`).some((w) => w.startsWith(t))));
        const priced = match.filter((p) => p.price >= 1000 && p.price <= 3000);
        const counts = new Map<number, number>();
        for (const p of priced) counts.set(p.category_id, (counts.get(p.category_id) ?? 0) + 1);
        const filters = { priceFrMinor: 1000, priceToMinor: 3000 };
        expect(index.search(query(terms, { ...filters, limit: 5 })).counts).toEqual(counts);
        const orders: [IndexQuery['sort'], (a: IndexedProduct, b: IndexedProduct) => number][] = [
          ['price_asc', (a, b) => a.price - b.price || a.id - b.id],
          ['price_desc', (a, b) => b.price - a.price || a.id - b.id],
          ['newest', (a, b) => b.id - a.id],
        ];
        for (const [sort, cmp] of orders) {
          const inCategory = priced.filter((p) => p.category_id === 2).sort(cmp).map((p) => p.id);
          for (const offset of [0, 3, 40]) {
            expect(index.search(query(terms, { ...filters, sort, categoryId: 2, limit: 7, offset })).ids).toEqual(inCategory.slice(offset, offset + 7));
          }
        }
        // Ranked: pages follow each other without gaps or overlaps, over exactly the matches.
        const all = index.search(query(terms, { limit: 10_000 })).ids;
        expect([...all].sort((a, b) => a - b)).toEqual(match.map((p) => p.id).sort((a, b) => a - b));
        // Without words there is nothing to rank: the best match is the newest, as the SQL list.
        if (terms.length === 0) expect(all).toEqual(match.map((p) => p.id).sort((a, b) => b - a));
        const paged: number[] = [];
        for (let offset = 0; offset < all.length; offset += 9) paged.push(...index.search(query(terms, { limit: 9, offset })).ids);
        expect(paged).toEqual(all);
      }
    }
  });
});
