import type { ReactNode } from 'react';
import { Link } from '@/components/ui';
import { Pagination } from '@/components/ui/pagination';
import { pageCountOf } from '../model/format';
import shared from './admin.module.css';
import { ResultCount } from './result-count';
import styles from './status-views.module.css';

/**
 * An admin list filtered by status (payouts, reviews): the views as tabs above it, the count, and
 * the pager under it. Each view has its own address (`?status=`, none for the first), and a page
 * keeps the view.
 */
export interface StatusView {
  /** The `status` parameter; '' for the default view. */
  param: string;
  label: string;
}

/** The view the address asks for, else the first. */
export const viewFrom = <V extends StatusView>(params: URLSearchParams, views: readonly [V, ...V[]]): V => views.find((v) => v.param === (params.get('status') ?? '')) ?? views[0];

/** The address of a view's page. */
export function statusHref(path: string, view: StatusView, page = 1): string {
  const q = new URLSearchParams();
  if (view.param) q.set('status', view.param);
  if (page > 1) q.set('page', String(page));
  const text = q.toString();
  return text ? `${path}?${text}` : path;
}

export function StatusTabs({ label, path, views, current }: { label: string; path: string; views: readonly StatusView[]; current: StatusView }) {
  return (
    <nav aria-label={label} className={styles.tabs}>
      {views.map((v) => (
        <Link key={v.label} to={statusHref(path, v)} className={styles.tab} aria-current={v === current ? 'page' : undefined}>
          {v.label}
        </Link>
      ))}
    </nav>
  );
}

/** The count above the list (a skeleton line until it answers). */
export const StatusCount = ({ children }: { children: ReactNode | undefined }) => <ResultCount className={styles.count}>{children}</ResultCount>;

interface StatusPagerProps {
  label: string;
  path: string;
  view: StatusView;
  data: { page: number; total: number; pageSize: number } | undefined;
}

export function StatusPager({ label, path, view, data }: StatusPagerProps) {
  if (!data) return null;
  return (
    <div className={shared.pages}>
      <Pagination label={label} page={data.page} pageCount={pageCountOf(data.total, data.pageSize)} hrefFor={(p) => statusHref(path, view, p)} />
    </div>
  );
}
