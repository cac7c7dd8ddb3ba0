import type { NftDetail, ProductDetail } from '@parmeta/contracts';
import { scriptSafeJson } from '../../lib/script-json.js';

/** The shop's name, as the web app's page titles end (lib/page-title.ts). */
export const SITE_NAME = 'ParMeta Market';
/**
 * Prices are par, and 1 par is worth 1 USD (what cards are charged in): search engines read a
 * price only with an ISO 4217 currency, so the structured data says USD (decision 0062).
 */
export const PRICE_CURRENCY = 'USD';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** JSON inside <script>: no "</script>" or "<!--" can close or bend the element. */
const scriptJson = (value: unknown) => scriptSafeJson(JSON.stringify(value));
/** A description for a card: one line, cut at a word near 160 characters. */
export function summaryText(text: string, max = 160): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).trimEnd()}…`;
}

export interface PageCard {
  title: string;
  description: string;
  /** Absolute. */
  url: string;
  /** Absolute. */
  image: string;
  /** schema.org Product. */
  jsonLd: Record<string, unknown>;
}

const absolute = (href: string, publicUrl: string) => new URL(href, `${publicUrl}/`).href;

export function productCard(p: ProductDetail, publicUrl: string): PageCard {
  const url = `${publicUrl}/product/${p.id}`;
  const images = (p.images.length > 0 ? p.images : [p.image]).filter(Boolean).map((i) => absolute(i, publicUrl));
  const description = summaryText(p.description || `${p.name} in ${p.category.name} at ${SITE_NAME}.`);
  const availability = p.stockState === 'out_of_stock' ? 'OutOfStock' : p.stockState === 'low_stock' ? 'LimitedAvailability' : 'InStock';
  return {
    title: `${p.name} · ${SITE_NAME}`,
    description,
    url,
    image: images[0] ?? absolute('/logo.png', publicUrl),
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: p.name,
      description: summaryText(p.description, 5000),
      image: images,
      sku: String(p.id),
      category: p.category.name,
      url,
      offers: { '@type': 'Offer', url, price: p.price.toFixed(2), priceCurrency: PRICE_CURRENCY, availability: `https://schema.org/${availability}`, itemCondition: 'https://schema.org/NewCondition' },
    },
  };
}

export function nftCard(n: NftDetail, publicUrl: string): PageCard {
  const url = `${publicUrl}/nft/${n.id}`;
  const image = n.image ? absolute(n.image, publicUrl) : absolute('/logo.png', publicUrl);
  const forSale = n.listed && !n.reserved;
  return {
    title: `${n.name} · ${n.collection.name} · ${SITE_NAME}`,
    description: summaryText(n.description || `${n.name}, an NFT of the ${n.collection.name} collection at ${SITE_NAME}.`),
    url,
    image,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: n.name,
      description: summaryText(n.description, 5000),
      image: [image],
      sku: `nft-${n.id}`,
      category: n.collection.name,
      url,
      offers: { '@type': 'Offer', url, price: n.price.toFixed(2), priceCurrency: PRICE_CURRENCY, availability: `https://schema.org/${forSale ? 'InStock' : 'OutOfStock'}` },
    },
  };
}

/** The <head> tags of a card: title, description, canonical address, Open Graph, Twitter card, JSON-LD. */
export function cardTags(card: PageCard): string {
  const meta = (attr: 'name' | 'property', key: string, value: string) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  return [
    `<title>${escapeHtml(card.title)}</title>`,
    meta('name', 'description', card.description),
    `<link rel="canonical" href="${escapeHtml(card.url)}" />`,
    meta('property', 'og:type', 'product'),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:title', card.title),
    meta('property', 'og:description', card.description),
    meta('property', 'og:url', card.url),
    meta('property', 'og:image', card.image),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', card.title),
    meta('name', 'twitter:description', card.description),
    meta('name', 'twitter:image', card.image),
    `<script type="application/ld+json">${scriptJson(card.jsonLd)}</script>`,
  ].join('\n    ');
}

/** The marker the web app reads to know visitors may browse (lib/catalog-access.ts). */
export const OPEN_CATALOG_TAG = '<meta name="parmeta:catalog" content="open" />';

/**
 * The app's page with a card's tags in place of the generic title, description and Open Graph
 * tags it carries, and the open-catalog marker. Without a card: the marker only.
 */
export function pageWithCard(indexHtml: string, card: PageCard | null): string {
  let html = indexHtml;
  const extra = [OPEN_CATALOG_TAG];
  if (card) {
    html = html
      .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
      .replace(/<meta\s+name="description"[^>]*>\s*/i, '')
      .replace(/<meta\s+(property="og:[^"]*"|name="twitter:[^"]*")[^>]*>\s*/gi, '');
    extra.push(cardTags(card));
  }
  return html.replace(/<\/head>/i, `    ${extra.join('\n    ')}\n  </head>`);
}
