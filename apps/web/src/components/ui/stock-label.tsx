import '@/styles/browse.css';
import { stockClasses, stockText, type StockState } from './stock-text';

export type { StockState };
export { stockText };

/** The stock state with a coloured dot; the words carry the meaning, the colour only helps. */
export function StockLabel({ state, stock, className }: { state: StockState; stock: number; className?: string }) {
  return <span className={[stockClasses(state, stock), className].filter(Boolean).join(' ')}>{stockText(state, stock)}</span>;
}
