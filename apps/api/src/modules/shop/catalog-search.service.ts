import type { Db } from '../../db/connection.js';
import { SearchIndex, type IndexAnswer } from './search-index.js';
import * as indexRepo from './search-index.repository.js';
import { activeSummaries, categories, type CatalogQuery, type CategoryCount } from './catalog.repository.js';
import { ProductShelf, shownProduct, type ShownProduct } from './product-shelf.js';

/** A catalog this small is indexed before its first search answers (a few ms); a larger one is searched in SQL until its index is built. */
const INDEX_BEFORE_ANSWERING = 20_000;
/**
 * Without words every product is a match, and the index reads them all: up to this many
 * products that costs less than the SQL list, which walks an index and stops after the page
 * (decision 0080). Above it, lists without words are read in SQL.
 */
const LIST_UP_TO = 5_000;
/** Changed products read again per statement. */
const CHANGED_BATCH = 500;
/** Products one shared read takes at most for the pages waiting on it; more open another. */
const READ_BATCH = 500;

interface Logger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

type Category = Awaited<ReturnType<typeof categories>>[number];

/** A page's products and categories, as the index chose them and the shelf shows them. */
export interface SearchAnswer {
  items: ShownProduct[];
  categories: CategoryCount[];
}

/** One statement shared by the pages asked for in one turn of the event loop. */
interface SharedRead {
  /** The index's state when it was opened: a page chosen from another state waits for another read. */
  applied: Map<number, string>;
  mark: string;
  /** The products its pages need that the shelf did not hold. */
  ids: Set<number>;
  /** Those products; undefined if a change is new to the index. */
  read: Promise<Map<number, ShownProduct> | undefined>;
}

/**
 * Catalog pages from this process's in-memory index (docs/decisions/0079): every search, and the
 * lists without words of a catalog small enough. The index is kept in step with the database by
 * the change list its triggers write (migration 0069), whoever writes. Each page's products are
 * read with the changes since the last sync, in one statement; only when one of them is new to
 * the index are the changed products read again and the page chosen again (decision 0080).
 */
export class CatalogSearch {
  private index: SearchIndex | undefined;
  private building: Promise<void> | undefined;
  private small: Promise<boolean> | undefined;
  private mark = '0';
  /** The changes read last time that the next read finds again (PostgreSQL), with their versions: not applied twice. */
  private applied = new Map<number, string>();
  private categories: Category[] = [];
  private syncing: Promise<void> | undefined;
  private nextSync: Promise<void> | undefined;
  /** What pages show of their products (docs/decisions/0083). */
  private readonly shelf = new ProductShelf();
  private shared: SharedRead | undefined;

  constructor(
    private readonly db: Db,
    private readonly log?: Logger,
    /** Catalogs up to this size are indexed before their first search answers. */
    private readonly indexBeforeAnswering = INDEX_BEFORE_ANSWERING,
    /** Lists without words are answered here up to this many products. */
    private readonly listUpTo = LIST_UP_TO,
  ) {}

  /** The index is built and answers searches. */
  get ready(): boolean {
    return this.index !== undefined;
  }

  /**
   * At start-up: a large catalog's index starts building in the background, so the first
   * searches find it ready. A small one is built by its first search (a few ms), so an idle
   * process starts no reader threads for it (decision 0065's idle memory).
   */
  async warm(): Promise<void> {
    try {
      if (!(await this.catalogIsSmall(this.db.kysely))) void this.start();
    } catch (error) {
      // The database does not answer yet: readiness says so; the first search decides.
      this.log?.error({ err: error }, 'the catalog could not be counted for the search index');
    }
  }

  /** Builds the index (once; again after a failure). */
  start(): Promise<void> {
    this.building ??= this.build().catch((error: unknown) => {
      this.building = undefined; // the next search tries again
      this.small = undefined;
      this.log?.error({ err: error }, 'the search index could not be built; searching in SQL');
    });
    return this.building;
  }

  /**
   * The page and the per-category counts; undefined while a large catalog's index is being
   * built, and for a list without words over more than LIST_UP_TO products: SQL answers those.
   */
  async search(q: CatalogQuery): Promise<SearchAnswer | undefined> {
    if (!this.index) {
      const building = this.start();
      // Counted once; again after a failure (the database back after an outage).
      this.small ??= this.catalogIsSmall().catch((error: unknown) => {
        this.small = undefined;
        throw error;
      });
      if (!(await this.small)) return undefined;
      await building;
    }
    if (!this.serves(q)) return undefined;
    // Most of the time nothing has changed: the page is chosen from the index as it is, its
    // products come from the shelf, and one statement for every page asked for meanwhile reads
    // the changes since the last sync and the products the shelf lacks. If no change is new to
    // the index (and no sync changed it meanwhile), that page is the page now; else sync,
    // choose again and read what the shelf lacks.
    if (!this.syncing) {
      const chosen = this.choose(q);
      const { kept, missing } = this.fromShelf(chosen.ids);
      const read = await this.readShared(missing);
      if (read) return this.answer(chosen, kept, read);
    }
    await this.sync();
    const chosen = this.choose(q);
    const { kept, missing } = this.fromShelf(chosen.ids);
    return this.answer(chosen, kept, await this.readMissing(missing));
  }

  /** What the shelf holds of a page's products now, in its order, and the ids it lacks. */
  private fromShelf(ids: number[]): { kept: (ShownProduct | undefined)[]; missing: number[] } {
    const kept = ids.map((id) => this.shelf.get(id));
    return { kept, missing: ids.filter((_, i) => !kept[i]) };
  }

  /**
   * `ids` and the changes since the last sync, read by a statement that starts after this call,
   * so that it sees every change committed before the page was asked for; it is shared with the
   * other pages asked for before it starts (the next turn of the event loop). Undefined when a
   * change is new to the index.
   */
  private readShared(ids: number[]): Promise<Map<number, ShownProduct> | undefined> {
    let shared = this.shared;
    if (!shared || shared.applied !== this.applied || shared.ids.size + ids.length > READ_BATCH) shared = this.shared = this.openShared();
    for (const id of ids) shared.ids.add(id);
    return shared.read;
  }

  private openShared(): SharedRead {
    const shared: SharedRead = { applied: this.applied, mark: this.mark, ids: new Set(), read: Promise.resolve(undefined) };
    shared.read = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
      if (this.shared === shared) this.shared = undefined;
      const { applied } = shared;
      const { changes, rows } = await indexRepo.pageAndChanges(this.db.quick, this.db.dialect, shared.mark, [...shared.ids], applied.size + 1);
      if (this.applied !== applied || !changes.every((c) => applied.get(c.productId) === c.version)) return undefined;
      const read = new Map(rows.map((r) => [Number(r.id), shownProduct(r)]));
      // Kept only while no sync runs: one may have passed over these products already, and what
      // this read found of them may be older than the change it applies.
      if (!this.syncing) for (const p of read.values()) this.shelf.keep(p);
      return read;
    });
    return shared;
  }

  /** What the shelf lacks of a page chosen after a sync; kept if no sync ran meanwhile. */
  private async readMissing(ids: number[]): Promise<Map<number, ShownProduct>> {
    if (ids.length === 0) return new Map();
    const applied = this.applied;
    const read = new Map((await activeSummaries(this.db.quick, ids)).map((r) => [Number(r.id), shownProduct(r)]));
    if (this.applied === applied && !this.syncing) for (const p of read.values()) this.shelf.keep(p);
    return read;
  }

  private choose(q: CatalogQuery): IndexAnswer {
    const categoryId = q.category === 'all' ? undefined : (this.categories.find((c) => c.slug === q.category)?.id ?? -1);
    return this.index!.search({ ...q, categoryId });
  }

  /** The page's products in the index's order (one gone since it was chosen is left out), and the counts. */
  private answer({ ids, counts }: IndexAnswer, kept: (ShownProduct | undefined)[], read: Map<number, ShownProduct>): SearchAnswer {
    const items = ids.flatMap((id, i) => kept[i] ?? read.get(id) ?? []);
    return { items, categories: this.categories.map((c) => ({ slug: c.slug, name: c.name, count: counts.get(c.id) ?? 0 })) };
  }

  /** The index is built, and, for a list without words, small enough to read every product. */
  private serves(q: CatalogQuery): boolean {
    return this.index !== undefined && (q.terms.length > 0 || this.index.size <= this.listUpTo);
  }

  private async catalogIsSmall(db = this.db.reads): Promise<boolean> {
    return (await indexRepo.activeCount(db)) <= this.indexBeforeAnswering;
  }

  private async build(): Promise<void> {
    const started = performance.now();
    // The mark first: whatever changes while the products are read is read again after.
    const mark = await indexRepo.changesMark(this.db.reads, this.db.dialect);
    const inOrder = await categories(this.db.reads);
    const index = new SearchIndex();
    for (let after = 0; ; ) {
      const batch = await indexRepo.activeProductsAfter(this.db.reads, after);
      for (const p of batch) index.put(p);
      if (batch.length < indexRepo.LOAD_BATCH) break;
      after = batch[batch.length - 1]!.id;
    }
    index.settle();
    this.mark = mark;
    this.categories = inOrder;
    this.index = index;
    const ms = Math.round(performance.now() - started);
    // A large build leaves its rows' text behind (hundreds of MB over a million products): one
    // memory-reducing collection gives it back at once (with --expose-gc, as `npm start` runs it).
    if (index.size > this.indexBeforeAnswering) globalThis.gc?.({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    this.log?.info({ products: index.size, ms, rssMb: Math.round(process.memoryUsage.rss() / 1e6) }, 'search index ready');
  }

  /** Applies what changed since the last sync. One runs at a time; a search arriving during one waits for the next. */
  private sync(): Promise<void> {
    if (!this.syncing) {
      this.syncing = this.applyChanges().finally(() => {
        this.syncing = undefined;
      });
      return this.syncing;
    }
    this.nextSync ??= this.syncing.then(
      () => this.startNext(),
      () => this.startNext(),
    );
    return this.nextSync;
  }

  private startNext(): Promise<void> {
    this.nextSync = undefined;
    return this.sync();
  }

  private async applyChanges(): Promise<void> {
    const { mark, changes: changed } = await indexRepo.changesSince(this.db.reads, this.db.dialect, this.mark);
    const fresh = changed.filter((c) => this.applied.get(c.productId) !== c.version);
    if (fresh.some((c) => c.productId === 0)) {
      this.categories = await categories(this.db.reads);
      this.shelf.clear(); // every product shows its category's name
    }
    // A product whose indexed columns did not change is read again only if the shelf holds it.
    const indexed = new Set(fresh.filter((c) => c.indexed).map((c) => c.productId));
    const ids = fresh.map((c) => c.productId).filter((id) => id !== 0 && (indexed.has(id) || this.shelf.has(id)));
    for (let i = 0; i < ids.length; i += CHANGED_BATCH) {
      const some = ids.slice(i, i + CHANGED_BATCH);
      const active = new Map((await indexRepo.changedProducts(this.db.reads, some)).map((p) => [p.id, p]));
      for (const id of some) {
        const p = active.get(id);
        if (!p) {
          this.index!.remove(id);
          this.shelf.drop(id);
          continue;
        }
        if (indexed.has(id)) this.index!.put(p);
        if (this.shelf.has(id)) this.shelf.keep(shownProduct(p));
      }
    }
    // Only changes at or past the new mark can be read again (PostgreSQL): the others need not be
    // remembered, however many a bulk change made. On SQLite, whose reads start after the mark,
    // that keeps at most the last one, which no read finds again.
    this.applied = new Map(changed.filter((c) => BigInt(c.version) >= BigInt(mark)).map((c) => [c.productId, c.version]));
    this.mark = mark;
  }
}
