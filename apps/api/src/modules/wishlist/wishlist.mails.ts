import { brandedMail, type RenderedMail } from '../mail/templates.js';

/** The mail of one back-in-stock request; for a variant, it names the choice and links to the page with it chosen. */
export function backInStockMail(publicUrl: string, to: { full_name: string }, product: { id: number; name: string }, variant?: { id: number; label: string }): RenderedMail {
  const what = variant ? `${product.name} (${variant.label})` : product.name;
  return brandedMail(
    `${what} is back in stock`,
    {
      heading: `Good news, ${to.full_name}`,
      paragraphs: [
        `${what} is back in stock, as you asked us to tell you.`,
        'Stock can run out again quickly, and this is the only mail we send for this request: ask again on the product page if you miss it.',
      ],
      action: { label: 'See the product', url: `${publicUrl}/product/${product.id}${variant ? `?variant=${variant.id}` : ''}` },
    },
    publicUrl,
  );
}
