import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** Where index.html takes the tab icon's <link> and the header frame's mark. */
export const SITE_ICON_LINK = '<!-- site-icon:link -->';
export const SITE_ICON_MARK = '<!-- site-icon:mark -->';

/** The icon's SVG on one line, without the blanks between its tags. */
const compact = (svg: string) => svg.trim().replace(/>\s+</g, '><');

/**
 * A data: URI that stays about the size of the SVG itself: single quotes inside (the attribute
 * takes double ones), and only the characters a URI or the page's parser would misread encoded.
 * encodeURIComponent would encode every blank and slash too, ~60 % more bytes in every page.
 */
const svgDataUri = (svg: string) => `data:image/svg+xml,${svg.replace(/"/g, "'").replace(/[%#<>]/g, (c) => encodeURIComponent(c))}`;

/**
 * index.html's two copies of the site icon, both made from the one file (public/favicon.svg):
 * the tab icon as a data: URI and the header frame's mark drawn inline, `size` px. Fetched as a
 * file, the icon took one of the six connections the first load needs (decision 0073).
 */
export function siteIconTags(svg: string, size: number): { link: string; mark: string } {
  const icon = compact(svg);
  const mark = icon
    .replace(/^<svg\b([^>]*)>/, (_, attributes: string) => `<svg${attributes.replace(/\s(width|height)="[^"]*"/g, '')} width="${size}" height="${size}" aria-hidden="true" focusable="false">`)
    .replace(/\sxmlns="[^"]*"/, '');
  return { link: `<link rel="icon" href="${svgDataUri(icon)}" type="image/svg+xml" />`, mark };
}

/** Fills index.html's two markers from the icon file, in development and in the build. */
export function siteIcon(svgFile: string, size: number): Plugin {
  return {
    name: 'parmeta:site-icon',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!html.includes(SITE_ICON_LINK) || !html.includes(SITE_ICON_MARK)) throw new Error('index.html has lost a site-icon marker');
        const { link, mark } = siteIconTags(readFileSync(svgFile, 'utf8'), size);
        return html.replace(SITE_ICON_LINK, () => link).replace(SITE_ICON_MARK, () => mark);
      },
    },
  };
}
