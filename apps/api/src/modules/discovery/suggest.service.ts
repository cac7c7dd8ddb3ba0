import type { Suggestions, suggestQuery } from '@parmeta/contracts';
import { fromMinor } from '@parmeta/contracts/common/money';
import { SUGGEST_CATEGORIES, SUGGEST_PRODUCTS } from '@parmeta/contracts/shop/shop-limits';
import type { z } from 'zod';
import type { Db } from '../../db/connection.js';
import { JsonText } from '../../http/route.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import { searchTerms } from '../shop/catalog.repository.js';
import * as repo from './discovery.repository.js';

/** Suggestion answers kept at most this many (a KB each): what people type repeats a lot, letter by letter. */
const MAX_CACHED = 2000;
/** Products read for a word prefix before the other typed words are checked on them. */
const WORD_CANDIDATES = 24;

/**
 * Suggestions while the shopper types (decision 0060): products whose name starts with the
 * text first, then products with a word starting with each typed word (candidates by the
 * longest typed word, checked for the others); categories whose name has such words. Reads stop after the few rows shown, so a suggestion costs about the same
 * over 100,000 products as over 100. Answers are kept like the catalog's (same TTL, dropped
 * with it).
 */
export class SuggestService {
  private readonly answers: TtlCache<JsonText<Suggestions>>;
  private categories: Promise<{ id: number; slug: string; name: string; words: string[] }[]> | null = null;

  constructor(
    private readonly db: Db,
    cacheTtlMs: number,
  ) {
    this.answers = new TtlCache({ ttlMs: cacheTtlMs, maxEntries: MAX_CACHED });
  }

  /** The catalog changed: read again. */
  forget(): void {
    this.answers.invalidate();
    this.categories = null;
  }

  suggest({ q }: z.output<typeof suggestQuery>): Promise<JsonText<Suggestions>> {
    // The typed text as names are compared: lower case, words of letters and digits, one space between.
    const terms = searchTerms(q);
    const text = terms.join(' ');
    if (terms.length === 0) return Promise.resolve(JsonText.from({ products: [], categories: [] }));
    return this.answers.get(text, async () => JsonText.from(await this.read(text, terms)));
  }

  private async read(text: string, terms: string[]): Promise<Suggestions> {
    const db = this.db.reads;
    // The longest typed word picks the candidates (the fewest); the others are checked on them.
    const longest = terms.reduce((a, b) => (b.length > a.length ? b : a));
    const [starting, categories] = await Promise.all([repo.namesStartingWith(db, this.db.dialect, text, SUGGEST_PRODUCTS), this.categoryList()]);
    // Names starting with the text fill the list on their own as often as not: then no more is read.
    const worded = starting.length < SUGGEST_PRODUCTS ? await repo.nameWordStarting(db, this.db.dialect, longest, WORD_CANDIDATES) : [];
    const rows = new Map((await repo.activeSummaries(db, [...new Set([...starting, ...worded])])).map((r) => [Number(r.id), r]));
    // Checked on the current name: every typed word starts a word of it.
    const fits = (name: string) => {
      const words = searchTerms(name);
      return terms.every((t) => words.some((w) => w.startsWith(t)));
    };
    const ids = [...new Set([...starting, ...worded.filter((id) => rows.has(id) && fits(rows.get(id)!.name))])].slice(0, SUGGEST_PRODUCTS);
    const products = ids.flatMap((id) => {
      const r = rows.get(id);
      if (!r) return [];
      const images = JSON.parse(r.images) as string[];
      return [{ id, name: r.name, image: images[0] ?? '', price: fromMinor(r.price), category: { slug: r.category_slug, name: r.category_name } }];
    });
    const matches = (words: string[]) => terms.every((t) => words.some((w) => w.startsWith(t)));
    return {
      products,
      categories: categories.filter((c) => matches(c.words)).slice(0, SUGGEST_CATEGORIES).map(({ slug, name }) => ({ slug, name })),
    };
  }

  /** The categories with their words, read once per change: there are a few dozen at most. */
  private categoryList() {
    if (!this.categories) {
      const read = repo.categories(this.db.kysely).then((list) => list.map((c) => ({ ...c, words: searchTerms(c.name) })));
      this.categories = read;
      read.catch(() => {
        if (this.categories === read) this.categories = null;
      });
    }
    return this.categories;
  }
}
