// The cart page's fixed words, shared with page.html's early script, which paints them while the
// page's code loads (boot/early-cart.ts).

/** The header's sentence: how many items, and the rule on quantities. */
export const cartDescription = (items: number) => `${items} ${items === 1 ? 'item' : 'items'}. Quantities are limited to what is in stock.`;

/** The summary's fine print. */
export const CART_FINE_PRINT = 'An estimate from the prices shown. The final prices, your member discount and shipping are calculated when you check out.';
