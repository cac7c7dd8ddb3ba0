import { describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { appCodeAfterFirstPaint, EARLY_HEAD_MARKER, homeFromIndex, inlineEntryStyles, pageFromIndex, withStyle } from './early-start';

const HEAD = `<head>
    <script>(function(){})()</script>
    <link rel="stylesheet" crossorigin href="/assets/index-a.css">
    <script type="module" crossorigin src="/assets/index-b.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime-c.js">
    <link rel="modulepreload" crossorigin href="/assets/router-d.js">
  </head>`;

describe('appCodeAfterFirstPaint', () => {
  const PAGE = `<html>${HEAD}<body><div id="root"></div>\n  </body></html>`;
  const appCode = (html: string) => JSON.parse(/<script type="application\/json" id="app-code">(.*?)<\/script>/.exec(html)?.[1] ?? 'null') as unknown;

  it('takes the entry and its preloads out of the page and names them for the script at the end of the body', () => {
    const html = appCodeAfterFirstPaint(PAGE, 'start()');
    expect(html).not.toMatch(/<script type="module"|modulepreload/);
    expect(appCode(html)).toEqual({ entry: '/assets/index-b.js', preloads: ['/assets/runtime-c.js', '/assets/router-d.js'] });
    // The JSON first, the script that reads it right after, both last in the body.
    expect(html).toMatch(/<script type="application\/json" id="app-code">[^<]*<\/script>\s*<script>start\(\)<\/script>\s*<\/body>/);
    // The stylesheet and the early script in the head stay where they were.
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-a.css">');
    expect(html).toContain('<head>\n    <script>(function(){})()</script>');
  });

  it('writes "<" in the JSON as an escape, so that no address can end its element', () => {
    const html = appCodeAfterFirstPaint(PAGE.replace('/assets/router-d.js', '/assets/</script>.js'), 'start()');
    expect(html).not.toContain('/assets/</script>');
    expect(appCode(html)).toEqual({ entry: '/assets/index-b.js', preloads: ['/assets/runtime-c.js', '/assets/</script>.js'] });
  });

  it('refuses a page without the app’s entry, with two entries, or without a body', () => {
    expect(() => appCodeAfterFirstPaint('<head></head><body></body>', 'start()')).toThrow(/0 module scripts/);
    const twice = PAGE.replace('</head>', '<script type="module" crossorigin src="/assets/other.js"></script></head>');
    expect(() => appCodeAfterFirstPaint(twice, 'start()')).toThrow(/2 module scripts/);
    expect(() => appCodeAfterFirstPaint(HEAD, 'start()')).toThrow(/no <\/body>/);
    expect(() => appCodeAfterFirstPaint(PAGE, 'a("</script>")')).toThrow(/would end the inline script/);
  });
});

describe('inlineEntryStyles', () => {
  const sheet = (source: string) => ({ 'assets/index-a.css': { type: 'asset', fileName: 'assets/index-a.css', source } }) as unknown as Rolldown.OutputBundle;

  it('writes the entry’s stylesheet into the page in place of its link', () => {
    const html = inlineEntryStyles(HEAD, sheet(':root{--brand:#4f46e5}\n'));
    // The link stays, disabled (not fetched), for Vite's loader of lazy chunks to find.
    expect(html).toContain('<style>:root{--brand:#4f46e5}</style><link rel="stylesheet" href="/assets/index-a.css" disabled>');
    expect(html).not.toContain('<link rel="stylesheet" crossorigin href="/assets/index-a.css">');
    // The scripts are left as they were.
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-b.js"></script>');
  });

  it('takes "$" in the sheet as text', () => {
    expect(inlineEntryStyles(HEAD, sheet('a::after{content:"$&$1"}'))).toContain('<style>a::after{content:"$&$1"}</style>');
  });

  it('refuses a page without the stylesheet, a sheet missing from the bundle, and a sheet that would end the element', () => {
    expect(() => inlineEntryStyles('<head></head>', sheet('a{}'))).toThrow(/no stylesheet/);
    expect(() => inlineEntryStyles(HEAD, {} as Rolldown.OutputBundle)).toThrow(/not in the bundle/);
    expect(() => inlineEntryStyles(HEAD, sheet('a{content:"</style>"}'))).toThrow(/would end the style element/);
  });
});

describe('pageFromIndex', () => {
  const loaderTag = '<script>loader()</script>';
  const index = `<html><head>${loaderTag}<style>a{}</style></head><body><div id="root"><div class="app-shell"></div>${EARLY_HEAD_MARKER}</div><script type="module" src="/assets/index-b.js"></script></body></html>`;
  const scripts = { loaderTag, shellScript: 'shell("$&")', headScript: 'head()', pageCode: 'page()' };

  it('keeps the frame’s marking in the head, and reads the header’s script before the page’s, right after #root', () => {
    const page = pageFromIndex(index, scripts);
    expect(page).toContain('<head><script>shell("$&")</script><style>a{}</style></head>');
    expect(page).toContain('<div id="root"><div class="app-shell"></div><script>head()</script></div><script>page()</script><script type="module"');
    expect(page).not.toContain('loader()');
    expect(page).not.toContain(EARLY_HEAD_MARKER);
  });

  it('refuses an index.html without the first script or without the marker at the end of #root', () => {
    expect(() => pageFromIndex(index.replace(loaderTag, ''), scripts)).toThrow(/lost the first early script/);
    expect(() => pageFromIndex(index.replace(`${EARLY_HEAD_MARKER}</div>`, `</div>${EARLY_HEAD_MARKER}`), scripts)).toThrow(/at the end of #root/);
  });
});

describe('withStyle', () => {
  it('writes an early script’s styles at the end of the page’s head, "$" as text, and nothing for none', () => {
    const page = '<html><head><style>a{}</style></head><body></body></html>';
    expect(withStyle(page, '.card::after{content:"$&"}')).toBe('<html><head><style>a{}</style><style>.card::after{content:"$&"}</style></head><body></body></html>');
    expect(withStyle(page, '')).toBe(page);
  });

  it('refuses styles that would end the element, and a page without a head', () => {
    expect(() => withStyle('<head></head>', 'a{content:"</style>"}')).toThrow(/would end the style element/);
    expect(() => withStyle('<body></body>', 'a{}')).toThrow(/no <\/head>/);
  });
});

describe('homeFromIndex', () => {
  it('writes the home page’s script at the end of #root, "$" as text, and refuses an index.html without the marker', () => {
    const index = `<html><body><div id="root"><div class="app-shell"></div>${EARLY_HEAD_MARKER}</div></body></html>`;
    expect(homeFromIndex(index, 'home("$&")')).toBe('<html><body><div id="root"><div class="app-shell"></div><script>home("$&")</script></div></body></html>');
    expect(() => homeFromIndex('<div id="root"></div>', 'home()')).toThrow(/marker at the end of #root/);
  });
});
