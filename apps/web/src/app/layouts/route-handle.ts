import type { UIMatch } from 'react-router';

export type LayoutName = 'main' | 'bare' | 'auth';

/** What a route may declare in its `handle`. */
export interface RouteHandle {
  layout?: LayoutName;
}

/**
 * The layout of the deepest matched route that declares one. A route that declares none
 * is rendered without a layout, as in the original.
 */
export function layoutOf(matches: readonly UIMatch[]): LayoutName | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const layout = (matches[i]?.handle as RouteHandle | undefined)?.layout;
    if (layout) return layout;
  }
  return undefined;
}
