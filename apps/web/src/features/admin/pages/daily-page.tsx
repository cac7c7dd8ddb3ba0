import { useNavigate } from 'react-router';
import { useSearchParams } from '@/lib/search-params';
import { LoadError, PageHeader, Skeleton } from '@/components/ui';
import { formatAmount } from '@/components/ui/price';
import { useDailyFinance } from '../api/finance';
import { DailyChart } from '../components/daily-chart';
import { FinanceTabs } from '../components/finance-tabs';
import { RangeForm } from '../components/range-form';
import { rangeFrom, rangeSearch, SERIES } from '../model/finance';
import styles from '../components/finance.module.css';
import { ADMIN_HEADS } from '../model/admin-heads';

const TABLE_ID = 'daily-figures';

export default function DailyPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const range = rangeFrom(params, Date.now());
  const daily = useDailyFinance(range);
  const data = daily.data;
  return (
    <>
      <PageHeader {...ADMIN_HEADS['/admin/finance/daily']} />
      <FinanceTabs />
      <RangeForm key={`${range.from}:${range.to}`} label="Days to show" value={range} submitLabel="Show" onSubmit={(r) => void navigate(`/admin/finance/daily${rangeSearch(r)}`)} />
      {daily.isError && !data ? (
        <LoadError what="the daily figures" error={daily.error} onRetry={() => void daily.refetch()} />
      ) : !data ? (
        <div aria-busy="true">
          <p className="sr-only">Loading the daily figures…</p>
          <Skeleton height={300} />
        </div>
      ) : (
        <div className={styles.daily} aria-busy={daily.isPlaceholderData || undefined}>
          <DailyChart days={data.days} totals={data.totals} tableId={TABLE_ID} />
          <div className={styles.tableWrap} role="region" aria-labelledby={`${TABLE_ID}-caption`} tabIndex={0} id={TABLE_ID}>
            <table className={styles.ledger}>
              <caption id={`${TABLE_ID}-caption`} className="sr-only">
                Daily figures, {data.from} to {data.to} (UTC), in par
              </caption>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  {SERIES.map((s) => (
                    <th key={s.key} scope="col" className={styles.num}>
                      {s.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.days.map((d) => (
                  <tr key={d.day}>
                    <th scope="row">
                      <time dateTime={d.day}>{d.day}</time>
                    </th>
                    {SERIES.map((s) => (
                      <td key={s.key} className={styles.num}>
                        {formatAmount(d[s.key])}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">Total</th>
                  {SERIES.map((s) => (
                    <td key={s.key} className={styles.num}>
                      {formatAmount(data.totals[s.key])}
                    </td>
                  ))}
                </tr>
              </tfoot>
            </table>
          </div>
        </div>
      )}
    </>
  );
}
