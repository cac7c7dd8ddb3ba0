import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { siteIconTags } from '../../../build/site-icon';
import { Logo } from './logo';

/** Each element of an SVG's markup with its attributes, sorted: JSX and HTML spell them alike. */
const shapes = (markup: string) => [...markup.matchAll(/<(\w+)([^>]*?)\/?>/g)].map(([, tag, attributes = '']) => [tag, [...attributes.matchAll(/\s([\w-]+)="([^"]*)"/g)].map(([, name, value]) => `${name}=${value}`).sort()]);

describe('the header logo', () => {
  it('draws the site icon (public/favicon.svg) as index.html’s header frame does', () => {
    const icon = readFileSync(path.resolve(import.meta.dirname, '../../../public/favicon.svg'), 'utf8');
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <Logo />
      </MemoryRouter>,
    );
    const logo = /<svg[\s\S]*<\/svg>/.exec(html)?.[0] ?? '';
    expect(shapes(logo)).toEqual(shapes(siteIconTags(icon, 32).mark));
  });
});
