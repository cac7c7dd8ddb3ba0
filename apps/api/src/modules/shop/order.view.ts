import type { OrderDetail, OrderSummary } from '@parmeta/contracts';
import { countryLabel } from '@parmeta/contracts/common/country-list';
import { fromMinor } from '@parmeta/contracts/common/money';
import { carrierName, trackingUrl } from '@parmeta/contracts/shop/carriers';
import type { ShopOrderLineRow, ShopOrderRow } from './shop.table.js';

type StoredShipping = OrderDetail['shipping'];

export function toOrderDetail(o: ShopOrderRow, userName: string, lines: ShopOrderLineRow[]): OrderDetail {
  const shipping = JSON.parse(o.shipping) as StoredShipping;
  const history: OrderDetail['history'] = [{ status: 'pending_payment', at: o.created_at }];
  if (o.paid_at) history.push({ status: 'paid', at: o.paid_at });
  if (o.shipped_at) history.push({ status: 'shipped', at: o.shipped_at });
  if (o.delivered_at) history.push({ status: 'delivered', at: o.delivered_at });
  if (o.cancelled_at) history.push({ status: 'cancelled', at: o.cancelled_at });
  return {
    orderNo: o.order_no,
    userId: userName,
    status: o.status,
    cancelReason: o.status === 'cancelled' ? o.cancel_reason : null,
    total: fromMinor(o.total),
    itemCount: lines.reduce((n, l) => n + l.qty, 0),
    preview: previewOf(lines),
    createdAt: o.created_at,
    expiresAt: o.status === 'pending_payment' ? o.expires_at : null,
    price: {
      subtotal: fromMinor(o.subtotal),
      discount: fromMinor(o.discount),
      shipping: fromMinor(o.shipping_fee),
      total: fromMinor(o.total),
      ...(o.promo_code ? { promo: { code: o.promo_code, discount: fromMinor(o.promo_discount) } } : {}),
    },
    lines: lines.map((l) => ({
      productId: l.product_id,
      name: l.name,
      image: l.image,
      unitPrice: fromMinor(l.unit_price),
      qty: l.qty,
      lineTotal: fromMinor(l.unit_price * l.qty),
      variantId: l.variant_id === null ? null : Number(l.variant_id),
      variant: l.variant_label,
      sku: l.sku,
    })),
    shipping: { ...shipping, shipping_country: { value: shipping.shipping_country.value, label: countryLabel(shipping.shipping_country.value) ?? shipping.shipping_country.label } },
    note: o.note,
    payment: o.payment_method ? { method: o.payment_method, cardLast4: o.card_last4 } : null,
    refund: refundOf(o),
    pointsAwarded: o.points_awarded,
    carrier: carrierName(o.carrier),
    trackingNo: o.tracking_no,
    trackingUrl: trackingUrl(o.carrier, o.tracking_no),
    history,
  };
}

/** Par goes back in the cancelling transaction; a card refund is owed until the gateway confirms it (decision 0014). */
function refundOf(o: ShopOrderRow): OrderDetail['refund'] {
  if (o.status !== 'cancelled' || !o.payment_method) return null;
  if (o.payment_method === 'par') return { status: 'done', at: o.cancelled_at };
  return o.card_refunded_at ? { status: 'done', at: o.card_refunded_at } : { status: 'pending', at: null };
}

/** The first line's image and the lines' names, for a list of orders. */
export const previewOf = (lines: readonly { name: string; image: string }[]): OrderSummary['preview'] => ({ image: lines[0]?.image || null, names: lines.map((l) => l.name) });

type SummaryRow = Pick<ShopOrderRow, 'order_no' | 'status' | 'cancel_reason' | 'total' | 'created_at' | 'expires_at'> & { item_count: number | string | null };

export const toOrderSummary = (o: SummaryRow, userName: string, lines: readonly { name: string; image: string }[]): OrderSummary => ({
  orderNo: o.order_no,
  userId: userName,
  status: o.status,
  cancelReason: o.status === 'cancelled' ? o.cancel_reason : null,
  total: fromMinor(o.total),
  itemCount: Number(o.item_count ?? 0),
  preview: previewOf(lines),
  createdAt: o.created_at,
  expiresAt: o.status === 'pending_payment' ? o.expires_at : null,
});
