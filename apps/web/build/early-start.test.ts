import { describe, expect, it } from 'vitest';
import { lowPriorityAppCode } from './early-start';

const HEAD = `<head>
    <script>(function(){})()</script>
    <link rel="stylesheet" crossorigin href="/assets/index-a.css">
    <script type="module" crossorigin src="/assets/index-b.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime-c.js">
    <link rel="modulepreload" crossorigin href="/assets/router-d.js">
  </head>`;

describe('lowPriorityAppCode', () => {
  it('asks for the entry and its preloads at low priority, and nothing else', () => {
    const html = lowPriorityAppCode(HEAD);
    expect(html.match(/fetchpriority="low"/g)).toHaveLength(3);
    expect(html).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-b.js">');
    expect(html).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/router-d.js">');
    // The stylesheet and the inline early script keep their priority: the first paint waits for them.
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-a.css">');
    expect(html).toContain('<script>(function(){})()</script>');
  });

  it('leaves a tag that already names its priority as it is, once', () => {
    const once = lowPriorityAppCode(HEAD);
    expect(lowPriorityAppCode(once)).toBe(once);
    const high = HEAD.replace('<link rel="modulepreload" crossorigin href="/assets/runtime-c.js">', '<link rel="modulepreload" fetchpriority="high" href="/assets/runtime-c.js">');
    expect(lowPriorityAppCode(high)).toContain('<link rel="modulepreload" fetchpriority="high" href="/assets/runtime-c.js">');
  });

  it('refuses a page without the app’s entry', () => {
    expect(() => lowPriorityAppCode('<head></head>')).toThrow(/no module script/);
  });
});
