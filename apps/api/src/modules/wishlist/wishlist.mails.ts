import { brandedMail, type RenderedMail } from '../mail/templates.js';

export function backInStockMail(publicUrl: string, to: { full_name: string }, product: { id: number; name: string }): RenderedMail {
  return brandedMail(
    `${product.name} is back in stock`,
    {
      heading: `Good news, ${to.full_name}`,
      paragraphs: [
        `${product.name} is back in stock, as you asked us to tell you.`,
        'Stock can run out again quickly, and this is the only mail we send for this request: ask again on the product page if you miss it.',
      ],
      action: { label: 'See the product', url: `${publicUrl}/product/${product.id}` },
    },
    publicUrl,
  );
}
