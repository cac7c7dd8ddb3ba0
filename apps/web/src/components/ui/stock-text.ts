// A stock state's words and colour, apart from the StockLabel component: page.html's early script
// draws the shop's first cards with them too (src/boot/early-list.ts).

export type StockState = 'in_stock' | 'low_stock' | 'out_of_stock';

/** The words a shopper reads for a stock state: "In stock", "Only 3 left", "Out of stock". */
export function stockText(state: StockState, stock: number): string {
  if (state === 'out_of_stock' || stock <= 0) return 'Out of stock';
  if (state === 'low_stock') return `Only ${stock} left`;
  return 'In stock';
}

/** The label's classes (styles/browse.css): the dot and the words take the state's colour. */
export function stockClasses(state: StockState, stock: number): string {
  const tone = state === 'out_of_stock' || stock <= 0 ? 'stock-out' : state === 'low_stock' ? 'stock-low' : 'stock-in';
  return `stock-label ${tone}`;
}
