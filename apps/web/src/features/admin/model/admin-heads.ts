import { CLIPBOARD_SHAPES, DASHBOARD_SHAPES, LEDGER_SHAPES, MARKET_SHAPES, PAYOUT_SHAPES, SHOP_SHAPES, STAR_SHAPES, TAG_SHAPES, TRUCK_SHAPES } from '@/components/ui/admin-icon-shapes';
import type { IconShapes } from '@/components/ui/icon-shapes';
import type { PageHead } from '@/lib/page-heads';
import { routerPath } from '@/lib/route-path';

// The admin area's navigation and the headers of its pages whose header never changes. The
// admin layout and the pages render them from here, and admin.html's early script paints them
// before the app's code has arrived (src/boot/early-admin-head.ts), which the main layout's stand-in
// then keeps on screen until the page shows (app/layouts/first-head.tsx). As lib/page-heads.ts
// for the member pages: one text, so the first paint shows what the page then shows. Not in
// the first load: the admin area is for a few, and its text and icons would cost every
// visitor's first load ~1 kB.

export interface AdminSection {
  to: string;
  label: string;
  icon: IconShapes;
  /** Current on this exact address only, not below it. */
  end?: boolean;
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { to: '/admin', label: 'Dashboard', icon: DASHBOARD_SHAPES, end: true },
  { to: '/admin/products', label: 'Products', icon: SHOP_SHAPES },
  { to: '/admin/nfts', label: 'NFTs', icon: MARKET_SHAPES },
  { to: '/admin/orders', label: 'Orders', icon: TRUCK_SHAPES },
  { to: '/admin/promos', label: 'Promo codes', icon: TAG_SHAPES },
  { to: '/admin/payouts', label: 'Payouts', icon: PAYOUT_SHAPES },
  { to: '/admin/reviews', label: 'Reviews', icon: STAR_SHAPES },
  { to: '/admin/finance', label: 'Finance', icon: LEDGER_SHAPES },
  { to: '/admin/audit', label: 'Audit log', icon: CLIPBOARD_SHAPES },
];

/** An admin page's header: the document title says it is the admin area's. */
export interface AdminHead extends PageHead {
  documentTitle: string;
}

export const ADMIN_HEADS = {
  '/admin': { title: 'Dashboard', documentTitle: 'Admin dashboard', description: 'Today’s orders and revenue, what is waiting to ship or be paid out, and stock that is running low.' },
  '/admin/products': { title: 'Products', documentTitle: 'Admin · Products', description: 'Everything in the shop, hidden products included. Change stock right in the table; open a product to edit it.' },
  '/admin/nfts': { title: 'NFTs', documentTitle: 'Admin · NFTs', description: 'Every NFT item, whoever owns it. Minting puts a new item in the platform’s ownership, ready to sell.' },
  '/admin/orders': { title: 'Orders', documentTitle: 'Admin · Orders', description: 'Find orders by status, date or customer. Open one to ship it, mark it delivered or cancel it.' },
  '/admin/promos': { title: 'Promo codes', documentTitle: 'Admin · Promo codes', description: 'Codes shoppers enter at checkout. A cancelled order gives its use back.' },
  '/admin/payouts': { title: 'Payouts', documentTitle: 'Admin · Payouts', description: 'Withdrawals members asked for. Send the money, then mark the payout completed; or fail it with a reason and the par goes back.' },
  '/admin/reviews': { title: 'Reviews', documentTitle: 'Admin · Reviews', description: "What members wrote about products. Hide a review that breaks the rules: it leaves the shop and the product's average, and its author still sees it." },
  '/admin/audit': { title: 'Audit log', documentTitle: 'Admin · Audit log', description: 'Every change made in the admin area, newest first: who did what to which record, with the values before and after.' },
  '/admin/finance': {
    title: 'Trial balance',
    documentTitle: 'Admin · Trial balance',
    description: 'Every ledger account kind with its balance: what members hold, and where money came from and went. A balance is a credit when the account is owed or holds value for others, a debit when it has paid out or brought money in.',
  },
  '/admin/finance/daily': {
    title: 'Daily figures',
    documentTitle: 'Admin · Daily figures',
    description: "Per day, in par: revenue (shop orders paid by par or card, less paid orders cancelled that day, plus the platform's own NFT sales), marketplace fees, card top-ups, and payouts paid out.",
  },
  '/admin/finance/reconciliation': {
    title: 'Reconciliation',
    documentTitle: 'Admin · Reconciliation',
    description: "The payment gateway's charges and refunds against our books: card orders, card payments and the ledger entries that took their money in. Anything on one side without its match on the other is listed.",
  },
  '/admin/finance/export': {
    title: 'Journal export',
    documentTitle: 'Admin · Journal export',
    description: 'Every journal entry of the days you choose as a CSV file for a spreadsheet or your accountant: one row per posting (entry, time in UTC, kind, reference, memo, account, asset and signed amount, credit positive). Each export is recorded in the audit log.',
  },
} as const satisfies Record<string, AdminHead>;

/** The fixed header of the admin page at this address, matched as the router does; null for any other page. */
export function adminHeadAt(pathname: string): AdminHead | null {
  const path = routerPath(pathname);
  return Object.hasOwn(ADMIN_HEADS, path) ? ADMIN_HEADS[path as keyof typeof ADMIN_HEADS] : null;
}

/** Where the admin tab bar scrolls to have the current tab in its middle; where it is when all tabs fit. */
export function tabScroll(nav: Pick<HTMLElement, 'scrollWidth' | 'clientWidth' | 'scrollLeft'>, current: Pick<HTMLElement, 'offsetLeft' | 'offsetWidth'>): number {
  if (nav.scrollWidth <= nav.clientWidth) return nav.scrollLeft;
  return current.offsetLeft - (nav.clientWidth - current.offsetWidth) / 2;
}
