import { toProductSummary, type SummaryRow } from './product-summary.js';

/** Products kept at most: a few hundred bytes each, so at most a few MB however large the catalog. */
const CAPACITY = 10_000;

/** A product as a page shows it: its id and its summary, written as JSON once. */
export interface ShownProduct {
  id: number;
  json: string;
}

export const shownProduct = (row: SummaryRow): ShownProduct => ({ id: Number(row.id), json: JSON.stringify(toProductSummary(row)) });

/**
 * What the catalog's pages show of the products they showed lately, as JSON (docs/decisions/0083).
 * It holds only what a read found, and CatalogSearch puts nothing here that a change it has not
 * applied could have made stale: a page's products are then its index's choice and this shelf's
 * text, with one statement to ask the database whether anything changed.
 * When full, the product kept longest goes first.
 */
export class ProductShelf {
  private readonly shown = new Map<number, ShownProduct>();

  constructor(private readonly capacity = CAPACITY) {}

  get(id: number): ShownProduct | undefined {
    return this.shown.get(id);
  }

  has(id: number): boolean {
    return this.shown.has(id);
  }

  keep(product: ShownProduct): void {
    this.shown.delete(product.id);
    this.shown.set(product.id, product);
    if (this.shown.size > this.capacity) this.shown.delete(this.shown.keys().next().value as number);
  }

  drop(id: number): void {
    this.shown.delete(id);
  }

  clear(): void {
    this.shown.clear();
  }
}
