import { describe, expect, it } from 'vitest';
import { siteIconTags } from './site-icon';

const ICON = `<svg xmlns="http://www.w3.org/2000/svg" width="192" height="192" viewBox="0 0 192 192">
  <rect width="192" height="192" rx="44" fill="#4f46e5"/>
  <circle cx="140" cy="146" r="12" fill="#a5b4fc"/>
</svg>
`;

describe('siteIconTags', () => {
  it('makes the tab icon a data: URI of the file, on one line', () => {
    const { link } = siteIconTags(ICON, 32);
    const href = /href="data:image\/svg\+xml,([^"]*)"/.exec(link)?.[1];
    expect(decodeURIComponent(href ?? '')).toBe(
      "<svg xmlns='http://www.w3.org/2000/svg' width='192' height='192' viewBox='0 0 192 192'><rect width='192' height='192' rx='44' fill='#4f46e5'/><circle cx='140' cy='146' r='12' fill='#a5b4fc'/></svg>",
    );
    // Nothing in it that would end the attribute or be read as a tag or a fragment.
    expect(href).not.toMatch(/["<>#]/);
    expect(link).toMatch(/^<link rel="icon" href="data:[^"]*" type="image\/svg\+xml" \/>$/);
  });

  it('draws the mark at the size asked, hidden from screen readers, with the same shapes', () => {
    expect(siteIconTags(ICON, 32).mark).toBe(
      '<svg viewBox="0 0 192 192" width="32" height="32" aria-hidden="true" focusable="false"><rect width="192" height="192" rx="44" fill="#4f46e5"/><circle cx="140" cy="146" r="12" fill="#a5b4fc"/></svg>',
    );
  });
});
