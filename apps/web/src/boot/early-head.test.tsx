import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PageHeader, Panel } from '@/components/ui';
import { MemoryRouter } from 'react-router';
import { BackLink } from '@/components/ui/back-link';
import { AdminFrame } from '@/features/admin/components/admin-frame';
import { ADMIN_HEADS } from '@/features/admin/model/admin-heads';
import { CHECKOUT_HEAD, PAGE_HEADS, pageHeadAt } from '@/lib/page-heads';
import { firstPanelsAt, SECURITY_PANELS } from '@/lib/page-panels';
import { STORE_VERSION } from '@/lib/session-keys';
import { paintHead } from './early-head';
import { fakeElement, NOW, paint, sameIds, sortedAttributes } from './paint-kit.test-support';
import { Gallery } from '@/features/shop/components/gallery';
import { CartLine } from '@/features/cart/components/cart-line';
import { FreeShippingPending } from '@/features/cart/components/free-shipping';
import { CART_FINE_PRINT, cartDescription } from '@/features/cart/model/cart-text';
import type { FirstData } from '@/lib/first-data';

describe('the early page header (page.html, inside #root)', () => {
  it('paints a member page’s fixed header exactly as the layout and the page render it', () => {
    for (const [path, head] of Object.entries(PAGE_HEADS)) {
      const { painted, html: early } = paint(path);
      expect(painted).toBe(true);
      // The same elements and classes as PageHeader inside the main layout's <main class="container ...">,
      // and on the security page its panels' headings, as the page renders them.
      const panels = firstPanelsAt(path);
      const page = renderToStaticMarkup(
        <>
          <PageHeader title={head.title} description={head.description} />
          {panels && (
            <div className="panel-stack">
              {panels.map((panel) => (
                <Panel key={panel.title} title={panel.title} description={panel.description}>
                  {null}
                </Panel>
              ))}
            </div>
          )}
        </>,
      );
      expect(sameIds(early)).toBe(sameIds(`<main class="container">${page}</main>`));
    }
  });

  it('paints the security page’s three panels, each section labelled by its own heading', () => {
    const { html: early } = paint('/account/security');
    const titles = [SECURITY_PANELS.passkeys, SECURITY_PANELS.twoFactor, SECURITY_PANELS.sessions].map((panel) => panel.title);
    expect([...early.matchAll(/<h2 class="panel-title" id="([^"]+)">([^<]+)<\/h2>/g)].map(([, , title]) => title)).toEqual(titles);
    for (const [, id] of early.matchAll(/<section class="panel" aria-labelledby="([^"]+)">/g)) expect(early).toContain(`<h2 class="panel-title" id="${id}">`);
    expect(new Set([...early.matchAll(/ id="([^"]+)"/g)].map(([, id]) => id)).size).toBe(3);
    // Only there, matched as the router does: the other pages' headers stand alone.
    expect(paint('/Account/Security/').html).toContain('<div class="panel-stack">');
    expect(paint('/wallet').html).not.toContain('class="panel');
    expect(paint('/account/security', { refreshExpire: null }).painted).toBe(false);
  });

  it('paints checkout’s way back and header, as the page renders them, while the stored cart has lines', () => {
    const cart = [{ id: '12', qty: 2 }];
    const { painted, html: early } = paint('/checkout', { cart });
    expect(painted).toBe(true);
    const page = renderToStaticMarkup(
      <MemoryRouter initialEntries={['/checkout']}>
        <BackLink to={CHECKOUT_HEAD.back.to}>{CHECKOUT_HEAD.back.label}</BackLink>
        <PageHeader title={CHECKOUT_HEAD.title} description={CHECKOUT_HEAD.description} />
      </MemoryRouter>,
    );
    expect(early).toBe(`<main class="container">${page}</main>`);
    expect(paint('/Checkout/', { cart }).painted).toBe(true);
  });

  it('paints nothing on checkout with an empty cart (the page shows the empty cart) or only lines the app would drop', () => {
    expect(paint('/checkout').painted).toBe(false);
    expect(paint('/checkout', { cart: [{ id: '12', qty: 0 }, { id: 12, qty: 1 }, null, 'x'] }).painted).toBe(false);
    expect(paint('/checkout', { cart: [{ id: '12', qty: 1 }], refreshExpire: null }).painted).toBe(false);
  });

  it('admin.html paints an admin page’s header inside the admin navigation, exactly as the admin layout and the page render them', () => {
    for (const [path, head] of Object.entries(ADMIN_HEADS)) {
      const { painted, html: early } = paint(path, { role: 'admin', page: 'admin' });
      expect(painted).toBe(true);
      const page = renderToStaticMarkup(
        <MemoryRouter initialEntries={[path]}>
          <AdminFrame>
            <PageHeader title={head.title} description={head.description} />
          </AdminFrame>
        </MemoryRouter>,
      );
      expect(early).toBe(`<main class="container">${page}</main>`);
      // One section is current: the page's own (the finance pages are all Finance's).
      expect(early.match(/aria-current="page"/g)).toHaveLength(1);
    }
    expect(paint('/admin/finance/daily', { role: 'admin', page: 'admin' }).html).toMatch(/<a class="admin-nav-link" aria-current="page" href="\/admin\/finance">/);
    expect(paint('/Admin/Orders/', { role: 'admin', page: 'admin' }).html).toContain('<h1 class="page-header-title">Orders</h1>');
  });

  it('paints no admin header for anyone but a stored admin, nor on an admin page whose header changes', () => {
    for (const role of ['user', 'ADMIN', '']) expect(paint('/admin/orders', { role, page: 'admin' }).painted).toBe(false);
    expect(paint('/admin/orders', { role: 'admin', refreshExpire: null, page: 'admin' }).painted).toBe(false);
    // page.html (every other address) paints no admin frame: its script does not carry the admin area's table.
    expect(paint('/admin/orders', { role: 'admin' }).painted).toBe(false);
    for (const path of ['/admin/products/new', '/admin/products/12', '/admin/orders/O123', '/admin/nope']) expect(paint(path, { role: 'admin', page: 'admin' }).painted).toBe(false);
    // An admin's member pages (page.html) paint as anyone's.
    expect(paint('/wallet', { role: 'admin' }).html).toContain('<h1 class="page-header-title">Wallet</h1>');
  });

  it('matches the address as the router does: any case, an optional trailing slash', () => {
    expect(paint('/Wallet/').html).toContain('<h1 class="page-header-title">Wallet</h1>');
    expect(paint('/account/security/').painted).toBe(true);
    expect(pageHeadAt('/account/security')).toBe(PAGE_HEADS['/account/security']);
  });

  it('paints nothing on a page without a fixed header', () => {
    for (const path of ['/', '/shop', '/product/12', '/wallet/history', '/admin', '/checkout', '/login', '/toString', '/constructor']) expect(paint(path)).toEqual({ painted: false, html: '' });
  });

  it('paints nothing without a live stored session: the visitor is on the way to the sign-in page', () => {
    expect(paint('/wallet', { refreshExpire: null }).painted).toBe(false);
    // The open catalog opens the shop window only: a member page's header and the cart are still for a session.
    expect(paint('/wallet', { refreshExpire: null, catalogOpen: true }).painted).toBe(false);
    expect(paint('/cart', { catalogOpen: true, cart: [{ id: '12', qty: 1 }] }).painted).toBe(true);
    expect(paint('/cart', { refreshExpire: null, catalogOpen: true, cart: [{ id: '12', qty: 1 }] }).painted).toBe(false);
    expect(paint('/wallet', { refreshExpire: NOW - 1 }).painted).toBe(false);
    expect(paint('/wallet', { version: STORE_VERSION + 1 }).painted).toBe(false);
    const refused = paintHead({
      pathname: '/wallet',
      search: '',
      firstData: null,
      catalogOpen: false,
      historyState: null,
      storage: null,
      now: () => NOW,
      root: fakeElement('div') as unknown as Element,
      create: (tag) => fakeElement(tag) as unknown as HTMLElement,
      createSvg: (tag) => fakeElement(tag) as unknown as Element,
    });
    expect(refused).toBe(false);
  });

  describe('a product page with its first data (lib/first-data.ts)', () => {
    const product = { id: 12, name: 'Trail <Vest>', image: '/demo/vest.webp', images: ['/demo/vest-1.webp', '/demo/vest-2.webp'], category: { id: 3, name: 'Outdoor & Camp', slug: 'outdoor' } };
    const firstData: FirstData = { name: 'productDetail', id: 12, data: product };

    it('paints the breadcrumb and the gallery’s main picture, as the page and the gallery render them', () => {
      const { painted, html: early } = paint('/product/12', { firstData });
      expect(painted).toBe(true);
      expect(early).toContain(
        '<main class="container"><nav class="product-crumbs" aria-label="Breadcrumb"><ol><li><a href="/shop">Shop</a></li><li><a href="/shop?category=outdoor">Outdoor &amp; Camp</a></li><li aria-current="page">Trail &lt;Vest&gt;</li></ol></nav>',
      );
      const picture = /<article class="product-layout"><div class="gallery"><div class="gallery-stage"><ul class="gallery-track"><li class="gallery-slide">(<img[^>]*>)<\/img><\/li><\/ul><\/div><\/div><\/article><\/main>$/.exec(early)?.[1];
      expect(picture).toBeDefined();
      // The gallery's first picture, attribute for attribute, in the same frame of global classes.
      // (React's server renderer puts a preload of the picture first: the browser's renderer does not.)
      const gallery = renderToStaticMarkup(<Gallery images={product.images} name={product.name} />).replace(/^<link [^>]*>/, '');
      expect(gallery).toMatch(/^<div class="gallery"><div class="gallery-stage"><ul class="gallery-track [^"]*"[^>]*><li class="gallery-slide">/);
      // Names as HTML reads them, in any case (React writes fetchPriority).
      const attributes = (img: string) => Object.fromEntries([...img.matchAll(/ ([a-zA-Z]+)="([^"]*)"/g)].filter(([, name]) => name !== 'class').map(([, name = '', value]) => [name.toLowerCase(), value]));
      expect(attributes(picture!)).toEqual(attributes(/<img[^>]*>/.exec(gallery)![0]));
      expect(attributes(picture!)).toMatchObject({ src: '/demo/vest-1.webp', alt: 'Trail &lt;Vest&gt;, image 1 of 2', fetchpriority: 'high' });
    });

    it('paints the card image when the product has no gallery, at the address as the router reads it', () => {
      const { html: early } = paint('/Product/12/', { firstData: { ...firstData, data: { ...product, images: [] } } });
      expect(early).toContain('<img src="/demo/vest.webp" alt="Trail &lt;Vest&gt;" width="800" height="800" fetchpriority="high" decoding="sync" draggable="false">');
    });

    it('paints nothing without the data for this very product, with a variant in the address, or without a session', () => {
      expect(paint('/product/12').painted).toBe(false);
      expect(paint('/product/13', { firstData }).painted).toBe(false);
      expect(paint('/product/12', { firstData: { ...firstData, name: 'nftDetail' } }).painted).toBe(false);
      expect(paint('/product/12', { firstData, search: '?variant=4' }).painted).toBe(false);
      expect(paint('/product/12', { firstData, refreshExpire: null }).painted).toBe(false);
      expect(paint('/shop', { firstData }).painted).toBe(false);
    });

    it('paints the same for a visitor of the open catalog, whose page the server sends with its data, and nothing for one without the data', () => {
      const visitor = { refreshExpire: null, catalogOpen: true };
      const early = paint('/product/12', { ...visitor, firstData });
      expect(early.painted).toBe(true);
      expect(early.html).toBe(paint('/product/12', { firstData }).html);
      expect(paint('/product/12', visitor).painted).toBe(false);
      expect(paint('/product/12', { ...visitor, firstData, search: '?variant=4' }).painted).toBe(false);
    });
  });

  describe('an NFT page with its first screen (lib/first-data.ts)', () => {
    const nft = { name: 'Comet "No. 7"', image: '/demo/nfts/comet.webp', collection: { name: 'Sky & Sea', slug: 'sky-sea' } };
    const firstData: FirstData = { name: 'nftFirstScreen', id: 7, data: nft };

    it('paints the breadcrumb and the picture in the page’s article, as the page renders them while the member’s view loads', () => {
      const { painted, html: early } = paint('/nft/7', { firstData });
      expect(painted).toBe(true);
      expect(early).toBe(
        '<main class="container"><article class="nft-page" aria-busy="true"><nav class="nft-crumbs" aria-label="Breadcrumb"><a href="/market">Market</a><span aria-hidden="true">/</span><a href="/market?category=sky-sea">Sky &amp; Sea</a></nav>' +
          '<div class="nft-top"><div class="nft-media"><img class="nft-image" src="/demo/nfts/comet.webp" alt="Comet &quot;No. 7&quot;" width="800" height="800" fetchpriority="high" decoding="sync"></img></div></div></article></main>',
      );
    });

    it('paints nothing for another NFT, a product’s data, or without a session', () => {
      expect(paint('/nft/8', { firstData }).painted).toBe(false);
      expect(paint('/product/7', { firstData }).painted).toBe(false);
      expect(paint('/nft/7', { firstData: { ...firstData, name: 'productDetail' } }).painted).toBe(false);
      expect(paint('/nft/7', { firstData, refreshExpire: null }).painted).toBe(false);
      expect(paint('/NFT/7/', { firstData }).painted).toBe(true);
    });

    it('paints the same for a visitor of the open catalog', () => {
      const early = paint('/nft/7', { firstData, refreshExpire: null, catalogOpen: true });
      expect(early.painted).toBe(true);
      expect(early.html).toBe(paint('/nft/7', { firstData }).html);
    });
  });

  describe('the cart page while the stored cart has lines', () => {
    const cart = [{ id: '12', qty: 2 }, { id: '7:3', qty: 1 }, { id: 'bad', qty: 0 }];

    it('paints the header, the lines being checked and the summary down to its fine print, as the page renders them', () => {
      const { painted, html: early } = paint('/cart', { cart });
      expect(painted).toBe(true);
      const page = renderToStaticMarkup(
        <MemoryRouter>
          <PageHeader title="Your cart" description={cartDescription(3)} />
          <div className="cart-layout">
            <Panel title="Products">
              <div role="status" />
              <ul className="cart-list">
                {cart.slice(0, 2).map((line) => (
                  <CartLine key={line.id} line={{ ...line, status: 'loading' }} onQty={() => {}} onRemove={() => {}} />
                ))}
              </ul>
            </Panel>
            <Panel title="Summary" className="cart-summary">
              <dl className="cart-totals">
                <div>
                  <dt>Items</dt>
                  <dd>3</dd>
                </div>
                <div className="cart-subtotal">
                  <dt>Estimated subtotal</dt>
                  <dd aria-busy>…</dd>
                </div>
              </dl>
              <FreeShippingPending />
              <p className="cart-fine">{CART_FINE_PRINT}</p>
            </Panel>
          </div>
        </MemoryRouter>,
      );
      expect(sortedAttributes(sameIds(early))).toBe(sortedAttributes(sameIds(`<main class="container">${page}</main>`)));
    });

    it('paints nothing with an empty stored cart, with a notice the page was sent with, or without a session', () => {
      expect(paint('/cart').painted).toBe(false);
      expect(paint('/cart', { cart: [{ id: 'bad', qty: 0 }] }).painted).toBe(false);
      expect(paint('/cart', { cart, historyState: { usr: { notice: 'Added 2 products to your cart.' }, key: 'k', idx: 1 } }).painted).toBe(false);
      expect(paint('/cart', { cart, historyState: { usr: null, key: 'k', idx: 0 } }).painted).toBe(true);
      expect(paint('/cart', { cart, refreshExpire: null }).painted).toBe(false);
      expect(paint('/Cart/', { cart }).painted).toBe(true);
    });
  });
});

