import { useState } from 'react';
import { useSearchParams } from '@/lib/search-params';
import { Button, ChevronDownIcon, EmptyState, Link, LoadError, PageHeader } from '@/components/ui';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Pagination } from '@/components/ui/pagination';
import { useAudit } from '../api/audit';
import { actionText, auditDiff, diffSummary, targetHref, type DiffRow } from '../model/audit-diff';
import { formatDateTime, isoDate, pageCountOf, pageFrom, plural } from '../model/format';
import shared from '../components/admin.module.css';
import styles from './audit-page.module.css';
import { ResultCount } from '../components/result-count';
import { ADMIN_HEADS } from '../model/admin-heads';

interface Entry {
  id: number;
  admin: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  at: number;
}

const changesLabel = (e: Entry) => `Changes: ${actionText(e.action).toLowerCase()}, ${e.target}`;

function Target({ target }: { target: string }) {
  const href = targetHref(target);
  return href ? (
    <Link to={href} className={shared.mono}>
      {target}
    </Link>
  ) : (
    <span className={shared.mono}>{target}</span>
  );
}

function DiffTable({ rows, label }: { rows: readonly DiffRow[]; label: string }) {
  if (rows.length === 0) return <p className={shared.sub}>The entry records no change of values.</p>;
  return (
    <table className={styles.diff} aria-label={label}>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Before</th>
          <th scope="col">After</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.path}>
            <th scope="row" className={shared.mono}>
              {r.path || 'value'}
            </th>
            <td className={styles.before}>{r.before ?? <span className={styles.none}>none</span>}</td>
            <td className={styles.after}>{r.after ?? <span className={styles.none}>none</span>}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function AuditPage() {
  const [params] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const audit = useAudit(page);
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const data = audit.data;

  const toggle = (id: number) =>
    setOpen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const columns: Column<Entry>[] = [
    {
      key: 'when',
      header: 'When',
      cell: (e) => (
        <time dateTime={isoDate(e.at)} className={shared.nowrap}>
          {formatDateTime(e.at)}
        </time>
      ),
    },
    { key: 'who', header: 'Who', cell: (e) => <strong>{e.admin}</strong> },
    { key: 'what', header: 'What', primary: true, cell: (e) => <span className={shared.nowrap}>{actionText(e.action)}</span> },
    { key: 'target', header: 'Target', cell: (e) => <Target target={e.target} /> },
    {
      key: 'changes',
      header: 'Changes',
      cell: (e) => {
        const rows = auditDiff(e.before, e.after);
        const expanded = open.has(e.id);
        return (
          <span className={styles.changes}>
            <span className={styles.summary}>{diffSummary(rows)}</span>
            {rows.length > 0 && (
              <Button size="sm" variant="ghost" aria-expanded={expanded} aria-controls={`audit-${e.id}`} onClick={() => toggle(e.id)} className={expanded ? styles.open : undefined}>
                {expanded ? 'Hide' : 'Details'}
                <span className="sr-only"> of entry {e.id}</span>
                <ChevronDownIcon size={16} />
              </Button>
            )}
          </span>
        );
      },
    },
  ];

  return (
    <>
      <PageHeader {...ADMIN_HEADS['/admin/audit']} />
      <ResultCount className={styles.count}>{data && plural(data.total, 'entry', 'entries')}</ResultCount>
      {audit.isError && !data ? (
        <LoadError what="the audit log" error={audit.error} onRetry={() => void audit.refetch()} />
      ) : (
        <DataTable
          caption="Audit log"
          columns={columns}
          rows={data?.items}
          rowKey={(e) => e.id}
          stale={audit.isPlaceholderData}
          detail={(e) =>
            open.has(e.id) ? (
              // Focusable, so a keyboard can scroll a wide diff sideways on a phone.
              <div id={`audit-${e.id}`} className={styles.detail} role="region" tabIndex={0} aria-label={changesLabel(e)}>
                <DiffTable rows={auditDiff(e.before, e.after)} label={changesLabel(e)} />
              </div>
            ) : null
          }
          empty={<EmptyState title="Nothing recorded yet">Changes to products, NFTs, orders and payouts show here.</EmptyState>}
        />
      )}
      {data && (
        <div className={shared.pages}>
          <Pagination label="Audit log pages" page={data.page} pageCount={pageCountOf(data.total, data.pageSize)} hrefFor={(p) => (p > 1 ? `/admin/audit?page=${p}` : '/admin/audit')} />
        </div>
      )}
    </>
  );
}
