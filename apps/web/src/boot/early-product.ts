import type { ProductDetail } from '@parmeta/contracts';
import { galleryOf, pictureAlt } from '@/features/shop/model/gallery';
import { shopSearch } from '@/features/shop/model/shop-filter';
import type { drawing } from './early-head';

// A product page's first screen, painted by page.html's early script from the page's first data
// (lib/first-data.ts): the breadcrumb and the gallery's main picture, the page's largest paint, as
// product-page.tsx and gallery.tsx render them, with the same global classes. The app's page then
// shows them in the same place, with the rest of the product.

/** The breadcrumb and the product's two columns, the gallery's main picture in the first (with no variant chosen). */
export function drawProductFirst(draw: ReturnType<typeof drawing>, p: ProductDetail): HTMLElement[] {
  const { element } = draw;
  const link = (href: string, text: string) => {
    const a = element('a', '', text);
    a.setAttribute('href', href);
    return a;
  };
  const item = (...content: (Node | string)[]) => {
    const li = element('li', '');
    li.append(...content);
    return li;
  };
  const here = item(p.name);
  here.setAttribute('aria-current', 'page');
  const list = element('ol', '');
  list.append(item(link('/shop', 'Shop')), item(link(`/shop${shopSearch({ category: p.category.slug })}`, p.category.name)), here);
  const crumbs = element('nav', 'product-crumbs');
  crumbs.setAttribute('aria-label', 'Breadcrumb');
  crumbs.append(list);

  const images = galleryOf(p);
  const picture = element('img', '');
  for (const [name, value] of Object.entries({ src: images[0] ?? '', alt: pictureAlt(p.name, 0, images.length), width: '800', height: '800', fetchpriority: 'high', decoding: 'sync', draggable: 'false' })) picture.setAttribute(name, value);
  const slide = element('li', 'gallery-slide');
  slide.append(picture);
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
