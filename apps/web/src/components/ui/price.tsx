import '@/styles/browse.css';
import { formatMoney, toMinor } from '@parmeta/contracts';

/** Prices are par, in major units with at most 2 decimals, as the API answers them: 1234.5 -> "1,234.50". */
export const formatAmount = (major: number) => formatMoney(toMinor(major));

/** "1,234.50 par" as text, e.g. for a button label or an aria-label. */
export const priceText = (major: number) => `${formatAmount(major)} par`;

/** An amount of par: the number in tabular figures, the unit a step quieter. */
export function Price({ value, className }: { value: number; className?: string }) {
  return (
    <span className={['par-price', className].filter(Boolean).join(' ')}>
      {formatAmount(value)}
      <span className="par-price-unit"> par</span>
    </span>
  );
}
