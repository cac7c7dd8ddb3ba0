import type { AdminProduct } from '@parmeta/contracts';
import type { ReactNode } from 'react';
import { EmptyState, Link, LoadError, PageHeader, Panel, Skeleton } from '@/components/ui';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Price } from '@/components/ui/price';
import { useDashboard } from '../api/get-dashboard';
import { ProductCell } from '../components/item-cell';
import { StockEditor } from '../components/stock-editor';
import { plural } from '../model/format';
import styles from './dashboard-page.module.css';
import { groupDigits } from '@/lib/date-text';
import { ADMIN_HEADS } from '../model/admin-heads';

const lowStockColumns: Column<AdminProduct>[] = [
  { key: 'product', header: 'Product', primary: true, cell: (p) => <ProductCell product={p} /> },
  { key: 'category', header: 'Category', cell: (p) => p.category.name },
  { key: 'status', header: 'Shop', cell: (p) => (p.active ? 'Active' : 'Hidden') },
  { key: 'stock', header: 'Stock', align: 'end', width: '220px', cell: (p) => <StockEditor product={p} /> },
];

export default function DashboardPage() {
  const dashboard = useDashboard();
  const d = dashboard.data;

  const card = (label: string, value: ReactNode, detail: ReactNode, link?: { to: string; text: string }) => (
    <li className={styles.card}>
      <h2 className={styles.label}>{label}</h2>
      <p className={styles.value}>{d ? value : <Skeleton width={90} height={32} />}</p>
      <p className={styles.detail}>{d ? detail : <Skeleton width="70%" height={14} />}</p>
      {link && (
        <Link to={link.to} className={styles.link}>
          {link.text}
        </Link>
      )}
    </li>
  );

  return (
    <>
      <PageHeader {...ADMIN_HEADS['/admin']} />
      {dashboard.isError && !d ? (
        <LoadError what="the dashboard" error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      ) : (
        <>
          <ul className={styles.cards} aria-label="Today" aria-busy={!d || undefined}>
            {card('Orders today', d && groupDigits(d.today.orders), d && `${plural(d.today.paidOrders, 'paid order')}`, { to: '/admin/orders', text: 'All orders' })}
            {card('Revenue today', d && <Price value={d.today.revenue} />, 'From orders paid today')}
            {card('Orders to ship', d && groupDigits(d.ordersToShip), d && (d.ordersToShip === 0 ? 'Nothing waiting' : 'Paid, not shipped yet'), {
              to: '/admin/orders?status=paid',
              text: 'Ship orders',
            })}
            {card('Pending payouts', d && groupDigits(d.pendingPayouts.count), d && <>Totalling <Price value={d.pendingPayouts.amount} /></>, {
              to: '/admin/payouts',
              text: 'Settle payouts',
            })}
          </ul>
          <Panel title="Low stock" description="Products about to run out. Type a new count and save it." className={styles.low}>
            <DataTable
              caption="Products low on stock"
              columns={lowStockColumns}
              rows={d?.lowStock}
              rowKey={(p) => p.id}
              skeletonRows={3}
              empty={<EmptyState title="Stock is fine">No product is running low.</EmptyState>}
            />
          </Panel>
        </>
      )}
    </>
  );
}
