import { firstAtLeast, grow, SlotMap, U32List } from './search-index-arrays.js';
import { wordsOf } from './search-words.js';

/** What the index keeps of an active product. */
export interface IndexedProduct {
  id: number;
  category_id: number;
  price: number;
  name: string;
  description: string;
}

export interface IndexQuery {
  /** Search words (each matches the words it starts), every one required; none: every product. */
  terms: string[];
  /** Only this category on the page; undefined: all. Counts ignore it. */
  categoryId?: number;
  priceFrMinor?: number;
  priceToMinor?: number;
  sort: 'relevance' | 'price_asc' | 'price_desc' | 'newest';
  limit: number;
  offset: number;
}

export interface IndexAnswer {
  /** The page's product ids, in order. */
  ids: number[];
  /** Matches per category id (price filter applied, category filter not). */
  counts: Map<number, number>;
}

/** A word's products (as slots, ascending): where it is in the name, and where only in the description. */
interface Postings {
  name: U32List;
  description: U32List;
}

// BM25's constants, with a word's occurrences counted once: a word in the name weighs 10 times
// a word only in the description, as SQLite's bm25(product_fts, 10.0, 1.0) weighs them.
const K1 = 1.2;
const B = 0.75;
const NAME_WEIGHT = 10;
/** A dead slot's mark: never a search's. */
const DEAD = 255;

/**
 * The catalog's active products by the words of their names and descriptions, in memory
 * (docs/decisions/0079). A search reads the lists of the words its terms start, keeps the
 * products that have every term, and counts, ranks and pages them without the database: over
 * a million products a broad word matches 150,000 of them, which the database's full-text
 * indexes rank and count in 100-500 ms.
 *
 * A product lives in a slot; a change marks its slot dead and gives it a new one at the end, so
 * every word's list stays in slot order. Dead slots are dropped when they are a quarter of all.
 *
 * Each field of the slots is an array of its own, as narrow as it can be: a broad search reads
 * 150,000 slots here and there over a million, and what it costs is how many memory pages those
 * reads touch (measured here: one 32-byte record per slot made a search twice as slow as
 * separate arrays; a byte per slot for the marks and 4 for the scores beat 4 and 8).
 */
export class SearchIndex {
  private words = new Map<string, Postings>();
  /**
   * Every word, sorted, for the words a term starts. Undefined until a bulk load settles or the
   * first search, and after a compaction: sorted then in one go (a bulk load adds words by the
   * thousand); a word added to a sorted list goes into its place.
   */
  private sortedWords: string[] | undefined;
  private ids = new Int32Array(0);
  /** Categories by their place in `categoryIds` (a few, whatever their ids). */
  private categories = new Uint16Array(0);
  private categoryIds: number[] = [];
  private categoryPlace = new Map<number, number>();
  private prices = new Float64Array(0);
  /** Words in the name and the description, up to 255 (longer ones count as 255 in the ranking). */
  private nameLengths = new Uint8Array(0);
  private descriptionLengths = new Uint8Array(0);
  /**
   * Which terms of the running search a slot has: epoch + terms so far, so nothing is cleared
   * between searches until the epochs wrap; DEAD for a dead slot.
   */
  private marks = new Uint8Array(0);
  private scores = new Float32Array(0);
  private epoch = 1;
  /**
   * A search's hits and their keys, kept from one search to the next (a search runs without
   * awaiting): a broad one needs 2 MB of them, which allocated anew each time cost a collection
   * every few searches.
   */
  private hitScratch = new Uint32Array(0);
  private keyScratch = new Float64Array(0);
  private slots = 0;
  private dead = 0;
  private nameLengthSum = 0;
  private descriptionLengthSum = 0;
  private slotOf = new SlotMap();

  get size(): number {
    return this.slots - this.dead;
  }

  /** Adds an active product, or replaces what the index holds of it. */
  put(p: IndexedProduct): void {
    this.remove(p.id);
    const slot = this.slots++;
    if (slot >= this.ids.length) this.growSlots(slot + 1);
    const nameWords = new Set(wordsOf(p.name));
    const descriptionWords = new Set(wordsOf(p.description));
    this.ids[slot] = p.id;
    this.categories[slot] = this.placeOf(p.category_id);
    this.prices[slot] = p.price;
    this.nameLengths[slot] = Math.min(nameWords.size, 255);
    this.descriptionLengths[slot] = Math.min(descriptionWords.size, 255);
    this.nameLengthSum += this.nameLengths[slot]!;
    this.descriptionLengthSum += this.descriptionLengths[slot]!;
    this.marks[slot] = 0;
    this.slotOf.set(p.id, slot);
    for (const w of nameWords) this.postings(w).name.push(slot);
    for (const w of descriptionWords) if (!nameWords.has(w)) this.postings(w).description.push(slot);
  }

  /** Takes a product out (deleted, switched off, or about to be put again). */
  remove(id: number): void {
    const slot = this.slotOf.get(id);
    if (slot < 0) return;
    this.slotOf.delete(id);
    this.marks[slot] = DEAD;
    this.nameLengthSum -= this.nameLengths[slot]!;
    this.descriptionLengthSum -= this.descriptionLengths[slot]!;
    this.dead++;
    if (this.dead > 1000 && this.dead * 4 > this.slots) this.compact();
  }

  /** Called once a bulk load is done: lists and slots cut to their length, words sorted. */
  settle(): void {
    for (const p of this.words.values()) {
      p.name.trim();
      p.description.trim();
    }
    this.ids = this.ids.slice(0, this.slots);
    this.categories = this.categories.slice(0, this.slots);
    this.prices = this.prices.slice(0, this.slots);
    this.nameLengths = this.nameLengths.slice(0, this.slots);
    this.descriptionLengths = this.descriptionLengths.slice(0, this.slots);
    this.marks = this.marks.slice(0, this.slots);
    this.scores = this.scores.slice(0, this.slots);
    this.sortedWords ??= [...this.words.keys()].sort();
  }

  search(q: IndexQuery): IndexAnswer {
    const hits = this.matches(q.terms);
    const { categories, prices, ids, scores } = this;
    const perCategory = new Uint32Array(this.categoryIds.length);
    const from = q.priceFrMinor ?? -Infinity;
    const to = q.priceToMinor ?? Infinity;
    // Each slot field is read only when the search needs it (a price for a price filter or
    // order, the id for the newest-first order): each costs a read far from the last one.
    const readPrice = q.priceFrMinor !== undefined || q.priceToMinor !== undefined || q.sort.startsWith('price');
    const only = q.categoryId === undefined ? -1 : (this.categoryPlace.get(q.categoryId) ?? -2);
    // Each kept hit's place in the asked order, lower first (ties go by id in `best`).
    const keys = (this.keyScratch = grow(this.keyScratch, hits.length));
    // Without words nothing is scored: the best match is the newest, as in the SQL list.
    const sort = q.sort === 'relevance' && q.terms.length === 0 ? 'newest' : q.sort;
    let kept = 0;
    for (let i = 0; i < hits.length; i++) {
      const slot = hits[i]!;
      const price = readPrice ? prices[slot]! : 0;
      if (price < from || price > to) continue;
      const category = categories[slot]!;
      perCategory[category]!++;
      if (only !== -1 && category !== only) continue;
      hits[kept] = slot;
      keys[kept++] = sort === 'relevance' ? -scores[slot]! : sort === 'newest' ? -ids[slot]! : sort === 'price_asc' ? price : -price;
    }
    if (sort === 'newest') {
      // Products get their slots as they are put, so the newest are mostly last: read from the
      // end, the page's products come first and most others are turned away at one comparison.
      hits.subarray(0, kept).reverse();
      keys.subarray(0, kept).reverse();
    }
    const counts = new Map<number, number>();
    perCategory.forEach((n, place) => n > 0 && counts.set(this.categoryIds[place]!, n));
    // A page past the last hit is empty: nothing to order (a far page would otherwise sort every hit).
    const page = q.offset >= kept ? [] : this.best(hits.subarray(0, kept), keys.subarray(0, kept), q.offset + q.limit).slice(q.offset);
    return { ids: page, counts };
  }

  /**
   * The ids of the first `k` hits by key, then id: a heap of the best `k` seen (its root the one
   * that comes last), so a broad search never sorts all its hits, and reads a hit's id only
   * when its key ties with the root's.
   */
  private best(hits: Uint32Array, keys: Float64Array, k: number): number[] {
    const ids = this.ids;
    const before = (a: number, b: number) => keys[a]! - keys[b]! || ids[hits[a]!]! - ids[hits[b]!]!;
    if (k <= 0 || keys.length === 0) return [];
    if (keys.length <= k * 4) return Array.from(keys.keys()).sort(before).slice(0, k).map((i) => ids[hits[i]!]!);
    const heap = new Int32Array(k);
    const worse = (a: number, b: number) => before(a, b) > 0;
    for (let i = 0; i < k; i++) {
      heap[i] = i;
      for (let c = i; c > 0; ) {
        const parent = (c - 1) >> 1;
        if (!worse(heap[c]!, heap[parent]!)) break;
        [heap[c], heap[parent]] = [heap[parent]!, heap[c]!];
        c = parent;
      }
    }
    let last = keys[heap[0]!]!;
    for (let i = k; i < keys.length; i++) {
      // Most hits of a broad search come after every kept one: one comparison each.
      if (keys[i]! > last || !worse(heap[0]!, i)) continue;
      heap[0] = i;
      for (let c = 0; ; ) {
        const l = 2 * c + 1;
        const r = l + 1;
        let w = c;
        if (l < k && worse(heap[l]!, heap[w]!)) w = l;
        if (r < k && worse(heap[r]!, heap[w]!)) w = r;
        if (w === c) break;
        [heap[c], heap[w]] = [heap[w]!, heap[c]!];
        c = w;
      }
      last = keys[heap[0]!]!;
    }
    return Array.from(heap).sort(before).map((i) => ids[hits[i]!]!);
  }

  /** The live slots holding every term, each scored; without terms, every live slot. */
  private matches(terms: string[]): Uint32Array {
    const n = terms.length;
    const { marks, scores } = this;
    if (n === 0) {
      const hits = (this.hitScratch = grow(this.hitScratch, this.slots));
      let found = 0;
      for (let slot = 0; slot < this.slots; slot++) if (marks[slot] !== DEAD) hits[found++] = slot;
      return hits.subarray(0, found);
    }
    if (this.epoch + n + 1 >= DEAD) {
      for (let s = 0; s < this.slots; s++) if (marks[s] !== DEAD) marks[s] = 0;
      this.epoch = 1;
    }
    const base = this.epoch;
    this.epoch += n + 1;
    const live = this.size || 1;
    let hits = new Uint32Array(0);
    let found = 0;
    for (let t = 0; t < n; t++) {
      const lists = this.wordsStarting(terms[t]!);
      let df = 0;
      for (const p of lists) df += p.name.length + p.description.length;
      if (df === 0) return new Uint32Array(0);
      const idf = Math.log(1 + (live - df + 0.5) / (df + 0.5));
      const last = t === n - 1;
      if (last) hits = this.hitScratch = grow(this.hitScratch, Math.min(df, this.slots));
      const had = base + t; // the mark of a slot holding every term before this one
      // Names first: a slot found there is not counted again for its description.
      for (const field of ['name', 'description'] as const) {
        const gains = this.gains(field, idf);
        const lengths = field === 'name' ? this.nameLengths : this.descriptionLengths;
        for (const p of lists) {
          const list = p[field];
          const items = list.items;
          for (let i = 0; i < list.length; i++) {
            const slot = items[i]!;
            const m = marks[slot]!;
            // The first term takes any live slot it has not taken yet; the others only slots
            // that have every term before them.
            if (t === 0 ? m === base + 1 || m === DEAD : m !== had) continue;
            marks[slot] = had + 1;
            const gain = gains[lengths[slot]!]!;
            scores[slot] = t === 0 ? gain : scores[slot]! + gain;
            if (last) hits[found++] = slot;
          }
        }
      }
    }
    return hits.subarray(0, found);
  }

  /** A term's score in `field` by the field's length in words (BM25 with the word counted once). */
  private gains(field: 'name' | 'description', idf: number): Float64Array {
    const live = this.size || 1;
    const average = (field === 'name' ? this.nameLengthSum : this.descriptionLengthSum) / live || 1;
    const weight = field === 'name' ? NAME_WEIGHT : 1;
    const gains = new Float64Array(256);
    for (let len = 0; len < gains.length; len++) gains[len] = weight * idf * ((K1 + 1) / (1 + K1 * (1 - B + (B * len) / average)));
    return gains;
  }

  private placeOf(categoryId: number): number {
    let place = this.categoryPlace.get(categoryId);
    if (place === undefined) {
      place = this.categoryIds.push(categoryId) - 1;
      this.categoryPlace.set(categoryId, place);
    }
    return place;
  }

  private postings(word: string): Postings {
    let p = this.words.get(word);
    if (!p) {
      p = { name: new U32List(), description: new U32List() };
      this.words.set(word, p);
      if (this.sortedWords) this.sortedWords.splice(firstAtLeast(this.sortedWords, word), 0, word);
    }
    return p;
  }

  /** The lists of every word that starts with `term`. */
  private wordsStarting(term: string): Postings[] {
    const sorted = (this.sortedWords ??= [...this.words.keys()].sort());
    const lists: Postings[] = [];
    for (let i = firstAtLeast(sorted, term); i < sorted.length && sorted[i]!.startsWith(term); i++) lists.push(this.words.get(sorted[i]!)!);
    return lists;
  }

  private growSlots(size: number): void {
    this.ids = grow(this.ids, size);
    this.categories = grow(this.categories, size);
    this.prices = grow(this.prices, size);
    this.nameLengths = grow(this.nameLengths, size);
    this.descriptionLengths = grow(this.descriptionLengths, size);
    this.marks = grow(this.marks, size);
    this.scores = grow(this.scores, size);
  }

  /** Renumbers the live slots in order (so every list stays sorted) and drops the dead ones and unused words. */
  private compact(): void {
    const renumber = new Int32Array(this.slots).fill(-1);
    let next = 0;
    for (let s = 0; s < this.slots; s++) if (this.marks[s] !== DEAD) renumber[s] = next++;
    for (const [word, p] of this.words) {
      for (const list of [p.name, p.description]) {
        let kept = 0;
        for (let i = 0; i < list.length; i++) {
          const to = renumber[list.items[i]!]!;
          if (to >= 0) list.items[kept++] = to;
        }
        list.length = kept;
      }
      if (p.name.length + p.description.length === 0) {
        this.words.delete(word);
        this.sortedWords = undefined;
      }
    }
    // Slots move down only, so each is read before it is written over.
    for (let s = 0; s < this.slots; s++) {
      const to = renumber[s]!;
      if (to < 0) continue;
      this.ids[to] = this.ids[s]!;
      this.categories[to] = this.categories[s]!;
      this.prices[to] = this.prices[s]!;
      this.nameLengths[to] = this.nameLengths[s]!;
      this.descriptionLengths[to] = this.descriptionLengths[s]!;
      this.slotOf.set(this.ids[to]!, to);
    }
    this.marks.fill(0, 0, next);
    this.marks.fill(DEAD, next, this.slots);
    this.epoch = 1;
    this.slots = next;
    this.dead = 0;
  }
}
