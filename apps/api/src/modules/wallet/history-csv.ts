import type { Transaction } from '@parmeta/contracts';
import { ASSET_SCALE, ASSETS } from '@parmeta/contracts/common/money';
import { LEDGER_ENTRY_LABELS } from '@parmeta/contracts/wallet/wallet-limits';

const HEADER = ['Date (UTC)', 'Type', 'Description', 'Counterparty', 'Reference', 'Par', 'Meta', 'Premium points'];

/**
 * A text cell as RFC 4180 writes it (quoted when it holds a comma, quote or line break). A cell
 * a spreadsheet would run as a formula (starting = + - @, a tab or a carriage return) is kept as
 * text with a leading apostrophe, as OWASP advises for CSV files: memos hold what members typed
 * (a withdrawal's destination).
 */
function text(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** An amount as a plain number a spreadsheet reads ("-25.50"), empty when the asset did not move. */
const amount = (value: number | undefined, scale: number) => (value === undefined || value === 0 ? '' : value.toFixed(scale));

/** The history as a CSV file: one header row, one row per movement, amounts per asset from the member's side. */
export function historyCsv(items: readonly Transaction[]): string {
  const rows = items.map((t) => [
    new Date(t.createdAt).toISOString().replace('T', ' ').replace(/\.\d{3}Z$/, ''),
    text(LEDGER_ENTRY_LABELS[t.type]),
    text(t.memo),
    text(t.counterparty),
    text(t.reference ?? ''),
    ...ASSETS.map((asset) => amount(t.amounts[asset], ASSET_SCALE[asset])),
  ]);
  return [HEADER, ...rows].map((row) => row.join(',')).join('\r\n') + '\r\n';
}
