import { formatMoney } from '@parmeta/contracts/common/money';
import { brandedMail, type RenderedMail } from '../mail/templates.js';

interface MailOrder {
  order_no: string;
  full_name: string;
  total: number;
}

const orderUrl = (publicUrl: string, orderNo: string) => `${publicUrl}/orders/${encodeURIComponent(orderNo)}`;

/** The confirmation; an order that used a promo code says which, and what it took off (the receipt a member keeps). */
export function orderPaidMail(publicUrl: string, o: MailOrder & { promo_code?: string | null; promo_discount?: number }, lines: { name: string; qty: number; variant_label?: string | null }[]): RenderedMail {
  const promo = o.promo_code ? [`Promo code ${o.promo_code}: −${formatMoney(o.promo_discount ?? 0)} par.`] : [];
  return brandedMail(
    `Order ${o.order_no} confirmed`,
    {
      heading: `Thank you for your order, ${o.full_name}`,
      paragraphs: [
        `We received your payment of ${formatMoney(o.total)} par for order ${o.order_no}.`,
        ...lines.map((l) => `${l.qty} × ${l.name}${l.variant_label ? ` (${l.variant_label})` : ''}`),
        ...promo,
        'We will mail you again when it ships.',
      ],
      action: { label: 'View your order', url: orderUrl(publicUrl, o.order_no) },
    },
    publicUrl,
  );
}

export function orderCancelledMail(publicUrl: string, o: MailOrder, refunded: 'par' | 'card' | null): RenderedMail {
  // Amounts in par, as the shop shows them. A card refund is asked for after this mail is
  // queued and may need retries (decision 0014): "on its way" is true either way.
  const amount = `${formatMoney(o.total)} par`;
  const refund = refunded === 'par' ? `${amount} is back in your par balance.` : refunded === 'card' ? `${amount} is on its way back to your card.` : 'Nothing was charged.';
  return brandedMail(
    `Order ${o.order_no} cancelled`,
    { heading: `Your order ${o.order_no} is cancelled`, paragraphs: [refund, 'The items are back in stock for everyone.'], action: { label: 'View your order', url: orderUrl(publicUrl, o.order_no) } },
    publicUrl,
  );
}

/** `tracking`: the carrier's page for the parcel, when the shop knows the carrier; the mail's button goes there. */
export function orderShippedMail(publicUrl: string, o: MailOrder, carrier: string, trackingNo: string, tracking: string | null): RenderedMail {
  return brandedMail(
    `Order ${o.order_no} has shipped`,
    {
      heading: 'Your order is on its way',
      paragraphs: [`Order ${o.order_no} was handed to ${carrier}.`, `Tracking number: ${trackingNo}`, ...(tracking ? [`See your order: ${orderUrl(publicUrl, o.order_no)}`] : [])],
      action: tracking ? { label: `Track it with ${carrier}`, url: tracking } : { label: 'Track your order', url: orderUrl(publicUrl, o.order_no) },
    },
    publicUrl,
  );
}

/** An unpaid order that ran out of time: cancelled by the shop, nothing charged, the items back on sale. */
export function orderExpiredMail(publicUrl: string, o: MailOrder): RenderedMail {
  return brandedMail(
    `Order ${o.order_no} cancelled: not paid in time`,
    {
      heading: `Your order ${o.order_no} was not paid in time`,
      paragraphs: [
        `We held the items of order ${o.order_no} (${formatMoney(o.total)} par) for you, but it was not paid before the time ran out, so it is cancelled.`,
        'Nothing was charged. The items are back on sale: to buy them, add them to your cart and check out again, or open the order and choose Buy again.',
      ],
      action: { label: 'View your order', url: orderUrl(publicUrl, o.order_no) },
    },
    publicUrl,
  );
}
