/**
 * The most one cart line may hold: what is in stock, and never more than the per-line
 * limit (MAX_LINE_QTY of the contracts). The limit is passed in rather than imported: this
 * module is shared through the shop's index, which sits in the entry chunk, and importing
 * the constant would bring its contract module's schemas along.
 */
export const lineLimit = (stock: number, maxPerLine: number) => Math.max(0, Math.min(stock, maxPerLine));

/** How many more can go into the cart when `inCart` are there already. */
export const addableQty = (stock: number, inCart: number, maxPerLine: number) => Math.max(0, lineLimit(stock, maxPerLine) - inCart);
