import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BREAKPOINTS, LAYOUT } from '@parmeta/contracts';
import { describe, expect, it } from 'vitest';

/** CSS cannot import the contract constants, so this test keeps the stylesheets in step with them. */
const srcDir = path.resolve(import.meta.dirname, '..');

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(full);
    return entry.name.endsWith('.css') ? [full] : [];
  });
}

describe('design tokens follow the contracts', () => {
  const globalCss = readFileSync(path.join(srcDir, 'styles/global.css'), 'utf8');

  it.each([
    ['--container-w', LAYOUT.containerWidth],
    ['--header-h', LAYOUT.headerHeight],
    ['--mobile-header-h', LAYOUT.mobileHeaderHeight],
    ['--mobile-nav-h', LAYOUT.mobileNavHeight],
    ['--side-nav-w', LAYOUT.sideNavWidth],
  ])('%s is %ipx', (name, px) => {
    expect(globalCss).toContain(`${name}: ${px}px;`);
  });

  it('every media query width is a contract breakpoint', () => {
    const allowed = new Set(Object.values(BREAKPOINTS).flatMap((bp) => [`min-width: ${bp}px`, `max-width: ${bp - 0.02}px`]));
    const found = cssFiles(srcDir).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)].map((m) => ({ file, query: `${m[1]}-width: ${m[2]}px` })),
    );
    expect(found.length).toBeGreaterThan(0);
    for (const { file, query } of found) expect(allowed, `${path.relative(srcDir, file)}: ${query}`).toContain(query);
  });
});
