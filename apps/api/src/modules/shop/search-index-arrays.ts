/** The search index's building blocks (docs/decisions/0079): typed arrays that grow, and lookups. */

/** A growing array of unsigned 32-bit integers. */
export class U32List {
  items = new Uint32Array(4);
  length = 0;
  push(v: number): void {
    if (this.length === this.items.length) {
      const grown = new Uint32Array(this.items.length * 2);
      grown.set(this.items);
      this.items = grown;
    }
    this.items[this.length++] = v;
  }
  trim(): void {
    if (this.items.length > this.length) this.items = this.items.slice(0, this.length);
  }
}

/** `a` if it holds `size` items, else a copy at least twice as long. */
export function grow<T extends Uint8Array | Uint16Array | Uint32Array | Int32Array | Float32Array | Float64Array>(a: T, size: number): T {
  if (a.length >= size) return a;
  const grown = new (a.constructor as new (n: number) => T)(Math.max(size, a.length * 2, 64));
  grown.set(a);
  return grown;
}

/** Where `word` is or would go in the sorted `words`. */
export function firstAtLeast(words: string[], word: string): number {
  let lo = 0;
  let hi = words.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (words[mid]! < word) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Product id -> slot: an array indexed by id while ids are small (4 bytes a product over a
 * million, where a Map takes ~50 MB), a Map for the rare id past that.
 */
export class SlotMap {
  private dense = new Int32Array(0);
  private sparse = new Map<number, number>();
  static readonly DENSE_LIMIT = 1 << 24;

  get(id: number): number {
    if (id < SlotMap.DENSE_LIMIT) return id < this.dense.length ? this.dense[id]! - 1 : -1;
    return this.sparse.get(id) ?? -1;
  }

  set(id: number, slot: number): void {
    if (id >= SlotMap.DENSE_LIMIT) {
      this.sparse.set(id, slot);
      return;
    }
    this.dense = grow(this.dense, id + 1);
    this.dense[id] = slot + 1;
  }

  delete(id: number): void {
    if (id >= SlotMap.DENSE_LIMIT) this.sparse.delete(id);
    else if (id < this.dense.length) this.dense[id] = 0;
  }
}
