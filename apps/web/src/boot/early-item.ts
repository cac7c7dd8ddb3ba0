import type { ProductDetail } from '@parmeta/contracts';
import { collectionPath } from '@/features/market/model/first-screen';
import { galleryOf, pictureAlt } from '@/features/shop/model/gallery';
import { shopSearch } from '@/features/shop/model/shop-filter';
import type { NftFirstScreen } from '@/lib/first-data';
import type { drawing } from './early-head';

type Draw = ReturnType<typeof drawing>;

/** The main picture: loaded at once and decoded as it is painted, as the pages' own. */
const picture = ({ element }: Draw, className: string, src: string, alt: string) => {
  const img = element('img', className);
  for (const [name, value] of Object.entries({ src, alt, width: '800', height: '800', fetchpriority: 'high', decoding: 'sync' })) img.setAttribute(name, value);
  return img;
};

// A product or NFT page's first screen, painted by page.html's early script from the page's first
// data (lib/first-data.ts): the breadcrumb and the main picture, the page's largest paint, as the
// pages render them (product-page.tsx with gallery.tsx, nft-page.tsx), with the same global
// classes. The app's page then shows them in the same place, with the rest of the item.

/** The breadcrumb and the product's two columns, the gallery's main picture in the first (with no variant chosen). */
export function drawProductFirst(draw: Draw, p: ProductDetail): HTMLElement[] {
  const { element } = draw;
  const item = (...content: (Node | string)[]) => {
    const li = element('li', '');
    li.append(...content);
    return li;
  };
  const here = item(p.name);
  here.setAttribute('aria-current', 'page');
  const list = element('ol', '');
  list.append(item(draw.link('/shop', 'Shop')), item(draw.link(`/shop${shopSearch({ category: p.category.slug })}`, p.category.name)), here);
  const crumbs = element('nav', 'product-crumbs');
  crumbs.setAttribute('aria-label', 'Breadcrumb');
  crumbs.append(list);

  const images = galleryOf(p);
  const main = picture(draw, '', images[0] ?? '', pictureAlt(p.name, 0, images.length));
  main.setAttribute('draggable', 'false');
  const slide = element('li', 'gallery-slide');
  slide.append(main);
  const track = element('ul', 'gallery-track');
  track.append(slide);
  const stage = element('div', 'gallery-stage');
  stage.append(track);
  const gallery = element('div', 'gallery');
  gallery.append(stage);
  const layout = element('article', 'product-layout');
  layout.append(gallery);
  return [crumbs, layout];
}

/** The NFT page's article with its breadcrumb and picture (nft-page.tsx, before the NFT's summary beside it). */
export function drawNftFirst(draw: Draw, nft: NftFirstScreen): HTMLElement[] {
  const { element } = draw;
  const crumbs = element('nav', 'nft-crumbs');
  crumbs.setAttribute('aria-label', 'Breadcrumb');
  const slash = element('span', '', '/');
  slash.setAttribute('aria-hidden', 'true');
  crumbs.append(draw.link('/market', 'Market'), slash, draw.link(collectionPath(nft.collection.slug), nft.collection.name));
  const media = element('div', 'nft-media');
  media.append(picture(draw, 'nft-image', nft.image, nft.name));
  const top = element('div', 'nft-top');
  top.append(media);
  const article = element('article', 'nft-page');
  article.setAttribute('aria-busy', 'true');
  article.append(crumbs, top);
  return [article];
}
