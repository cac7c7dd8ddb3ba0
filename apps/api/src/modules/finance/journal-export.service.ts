import type { DayRange } from '@parmeta/contracts';
import { ASSET_SCALE, minorToDecimal } from '@parmeta/contracts/common/money';
import { stringify } from 'csv-stringify/sync';
import type { Db } from '../../db/connection.js';
import { audit } from '../admin/audit.js';
import { dayStart } from './finance.service.js';
import { DAY_MS, journalPage, type JournalRow } from './finance.repository.js';

/** Postings read per query while the file is built. */
const BATCH = 5_000;
const COLUMNS = ['entry_id', 'time_utc', 'kind', 'reference', 'memo', 'account', 'asset', 'amount'];

/**
 * Text that would start a spreadsheet formula is kept as text with a leading apostrophe (OWASP's
 * advice for CSV injection). Only text cells: a negative amount is a number, not a formula.
 */
const asText = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
const csvRow = (r: JournalRow) => [r.entryId, new Date(r.createdAt).toISOString(), r.kind, asText(r.reference ?? ''), asText(r.memo), asText(r.account), r.asset, minorToDecimal(r.amount, ASSET_SCALE[r.asset])];

/**
 * The journal of a range of UTC days as CSV: one row per posting, so each entry's rows sum to
 * zero per asset and a spreadsheet can total any account. Amounts are signed decimals in the
 * asset's unit (credit positive), as the ledger keeps them. Text cells that could start a
 * spreadsheet formula are escaped (an admin's reason for a failed payout is in its memo).
 * Every export is in the audit log: who took the books out, which days, how many rows.
 */
export class JournalExportService {
  constructor(private readonly db: Db) {}

  async export(adminId: number, range: DayRange): Promise<{ filename: string; rows: number; csv: string }> {
    const from = dayStart(range.from);
    const to = dayStart(range.to) + DAY_MS;
    const rows: JournalRow[] = [];
    let after = { entryId: 0, postingId: 0 };
    for (;;) {
      const page = await journalPage(this.db.kysely, from, to, after, BATCH);
      rows.push(...page);
      const last = page.at(-1);
      if (!last || page.length < BATCH) break;
      after = { entryId: last.entryId, postingId: last.postingId };
    }
    const csv = stringify(rows.map(csvRow), { header: true, columns: COLUMNS, record_delimiter: 'windows' });
    await audit(this.db.kysely, adminId, 'journal.export', `journal:${range.from}..${range.to}`, null, { from: range.from, to: range.to, rows: rows.length });
    return { filename: `journal-${range.from}-to-${range.to}.csv`, rows: rows.length, csv };
  }
}
