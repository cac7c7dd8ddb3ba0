import { Fragment, type ReactNode } from 'react';
import { Skeleton } from './skeleton';
import styles from './data-table.module.css';

export interface Column<T> {
  /** Unique among the columns. */
  key: string;
  /** The column heading; on phones it labels each value of the row's card. */
  header: string;
  cell(row: T): ReactNode;
  /** Numbers and actions line up at the end. */
  align?: 'start' | 'end';
  /** On phones: the row's title, shown first and without its label. */
  primary?: boolean;
  /** Heading read by screen readers only (e.g. an actions column). */
  hideHeader?: boolean;
  width?: string;
}

interface DataTableProps<T> {
  /** Names the table for assistive technology (a visually hidden caption). */
  caption: string;
  columns: readonly Column<T>[];
  /** undefined while the first page loads: skeleton rows keep the table's shape. */
  rows: readonly T[] | undefined;
  rowKey(row: T): string | number;
  /** Older rows shown while newer ones load (a page or filter change). */
  stale?: boolean;
  skeletonRows?: number;
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
  /** A full-width row under a row, e.g. its details; null for none. */
  detail?(row: T): ReactNode | null;
}

/**
 * A data table that stays a table for assistive technology at every width: on phones each
 * row is laid out as a card, its values labelled by their column headings (the ARIA roles
 * are spelled out because changing a table's CSS display drops them in some browsers).
 */
export function DataTable<T>({ caption, columns, rows, rowKey, stale = false, skeletonRows = 5, empty, detail }: DataTableProps<T>) {
  if (rows && rows.length === 0 && empty) return <>{empty}</>;
  const cellClass = (c: Column<T>) => [styles.cell, c.align === 'end' && styles.end, c.primary && styles.primary].filter(Boolean).join(' ');
  return (
    <div className={styles.wrap}>
      <table role="table" className={[styles.table, stale && styles.stale].filter(Boolean).join(' ')} aria-busy={!rows || stale || undefined}>
        <caption className="sr-only">{caption}</caption>
        <thead role="rowgroup" className={styles.head}>
          <tr role="row">
            {columns.map((c) => (
              <th key={c.key} role="columnheader" scope="col" className={cellClass(c)} style={c.width ? { width: c.width } : undefined}>
                {c.hideHeader ? <span className="sr-only">{c.header}</span> : c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows
            ? rows.map((row) => {
                const extra = detail?.(row);
                return (
                  <Fragment key={rowKey(row)}>
                    <tr role="row" className={styles.row}>
                      {columns.map((c) => (
                        <td key={c.key} role="cell" className={cellClass(c)} data-label={c.primary || c.hideHeader ? undefined : c.header}>
                          {c.cell(row)}
                        </td>
                      ))}
                    </tr>
                    {extra && (
                      <tr role="row" className={styles.detailRow}>
                        <td role="cell" colSpan={columns.length} className={styles.detail}>
                          {extra}
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })
            : Array.from({ length: skeletonRows }, (_, i) => (
                <tr role="row" key={i} className={styles.row}>
                  {columns.map((c) => (
                    <td key={c.key} role="cell" className={cellClass(c)}>
                      <Skeleton width={c.primary ? '70%' : '50%'} height={16} />
                    </td>
                  ))}
                </tr>
              ))}
        </tbody>
      </table>
    </div>
  );
}
