import { CART_FINE_PRINT, cartDescription } from '@/features/cart/model/cart-text';
import type { drawing } from './early-head';

// The cart page's first screen while its lines are checked, painted by page.html's early script
// from the stored cart (how many lines, how many items): the header, the lines' placeholders and
// the summary down to its fine print, the page's largest paint. As cart-page.tsx renders it in
// that state (with cart-line.tsx's placeholder and free-shipping.tsx's pending box), with the same
// global classes; the buttons below the fine print come with the app. The page then shows it in
// the same place and fills the lines in.

type Draw = ReturnType<typeof drawing>;

/** A line being checked (cart-line.tsx). */
function pendingLine(draw: Draw): HTMLElement {
  const { element } = draw;
  const line = element('li', 'cart-line');
  line.setAttribute('aria-hidden', 'true');
  const thumb = element('span', 'cart-thumb');
  thumb.append(draw.skeleton('100%', '100%'));
  const info = element('div', 'cart-info');
  info.append(draw.skeleton('60%', '18px'), draw.skeleton('30%', '14px'));
  line.append(thumb, info, draw.skeleton('132px', '42px', 'cart-controls-skeleton'));
  return line;
}

/** FreeShipping's box while the shipping rule is asked for (free-shipping.tsx): the usual message, invisible, for its size. */
function pendingFreeShipping({ element }: Draw): HTMLElement {
  const box = element('div', 'pending-box');
  for (const [name, value] of Object.entries({ role: 'status', 'aria-busy': 'true', 'aria-label': 'Checking free shipping' })) box.setAttribute(name, value);
  const hidden = element('div', 'pending-hidden');
  hidden.setAttribute('aria-hidden', 'true');
  const gap = element('div', 'free-shipping');
  const text = element('p', 'free-shipping-text');
  text.append('Add ', element('strong', '', '0.01 par'), ' more for free shipping (from 50.00 par; otherwise 4.99 par).');
  const track = element('div', 'free-shipping-track');
  const progress = { role: 'progressbar', 'aria-label': 'Progress to free shipping', 'aria-valuemin': '0', 'aria-valuemax': '100', 'aria-valuenow': '0', 'aria-valuetext': '0.01 par to go' };
  for (const [name, value] of Object.entries(progress)) track.setAttribute(name, value);
  const fill = element('div', 'free-shipping-fill');
  fill.style.transform = 'scaleX(0)';
  track.append(fill);
  gap.append(text, track);
  hidden.append(gap);
  box.append(hidden);
  return box;
}

/** A row of the totals; `busy` while its value is being worked out. */
function total({ element }: Draw, term: string, value: string, className = '', busy = false): HTMLElement {
  const row = element('div', className);
  const amount = element('dd', '', value);
  if (busy) amount.setAttribute('aria-busy', 'true');
  row.append(element('dt', '', term), amount);
  return row;
}

export function drawCartFirst(draw: Draw, lines: number, items: number): HTMLElement[] {
  const { element } = draw;
  const header = draw.pageHeader({ title: 'Your cart', description: cartDescription(items) });

  const products = draw.panel({ title: 'Products' }, 'early-panel-products');
  // The page's (empty) status line for an undone removal, then the lines.
  const status = element('div', '');
  status.setAttribute('role', 'status');
  const list = element('ul', 'cart-list');
  list.append(...Array.from({ length: lines }, () => pendingLine(draw)));
  products.append(status, list);

  const summary = draw.panel({ title: 'Summary' }, 'early-panel-summary', 'cart-summary');
  const totals = element('dl', 'cart-totals');
  totals.append(total(draw, 'Items', String(items)), total(draw, 'Estimated subtotal', '…', 'cart-subtotal', true));
  summary.append(totals, pendingFreeShipping(draw), element('p', 'cart-fine', CART_FINE_PRINT));

  const layout = element('div', 'cart-layout');
  layout.append(products, summary);
  return [header, layout];
}
