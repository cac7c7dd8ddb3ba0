// An icon drawn from data rather than JSX: what page.html's and admin.html's early scripts draw
// before the app's code has arrived (src/boot), with the same attributes as icons.tsx's Icon.

/** One element of an icon: its tag and its attributes, named as in the DOM. */
export type IconShape = readonly ['path' | 'rect' | 'circle', Readonly<Record<string, string>>];
export type IconShapes = readonly IconShape[];

/** Icon's attributes (icons.tsx), as the DOM names them, for an icon of `size` pixels. */
export const iconAttributes = (size: number): Record<string, string> => ({
  width: String(size),
  height: String(size),
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  'stroke-width': '1.8',
  'stroke-linecap': 'round',
  'stroke-linejoin': 'round',
  'aria-hidden': 'true',
  focusable: 'false',
});
