import styles from './stock-label.module.css';

export type StockState = 'in_stock' | 'low_stock' | 'out_of_stock';

/** The words a shopper reads for a stock state: "In stock", "Only 3 left", "Out of stock". */
export function stockText(state: StockState, stock: number): string {
  if (state === 'out_of_stock' || stock <= 0) return 'Out of stock';
  if (state === 'low_stock') return `Only ${stock} left`;
  return 'In stock';
}

/** The stock state with a coloured dot; the words carry the meaning, the colour only helps. */
export function StockLabel({ state, stock, className }: { state: StockState; stock: number; className?: string }) {
  const tone = state === 'out_of_stock' || stock <= 0 ? styles.out : state === 'low_stock' ? styles.low : styles.in;
  return <span className={[styles.stock, tone, className].filter(Boolean).join(' ')}>{stockText(state, stock)}</span>;
}
