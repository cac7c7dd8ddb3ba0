import type { IconShapes } from './icon-shapes';

// The admin area's navigation icons as data: the elements each draws inside icons.tsx's 24px
// stroke icon. Data, not components, because admin.html's early script draws the navigation
// before the app's code has arrived (src/boot/early-admin-head.ts), and React draws it from the
// same shapes (admin-icons.tsx). The shop's and the market's repeat icons.tsx's ShopIcon and
// MarketIcon, which stay JSX: drawn from here, these shapes joined every visitor's first load.

export const SHOP_SHAPES: IconShapes = [
  ['path', { d: 'M5 8h14l-1.2 12.1a1 1 0 0 1-1 .9H7.2a1 1 0 0 1-1-.9z' }],
  ['path', { d: 'M9 10V7a3 3 0 0 1 6 0v3' }],
];

export const MARKET_SHAPES: IconShapes = [
  ['path', { d: 'M6.5 3.5h11L21 9l-9 11.5L3 9z' }],
  ['path', { d: 'M3 9h18M12 20.5 8.5 9l2-5.5M12 20.5 15.5 9l-2-5.5' }],
];

export const DASHBOARD_SHAPES: IconShapes = [
  ['rect', { x: '3.5', y: '3.5', width: '7', height: '9', rx: '1.5' }],
  ['rect', { x: '13.5', y: '3.5', width: '7', height: '5', rx: '1.5' }],
  ['rect', { x: '13.5', y: '11.5', width: '7', height: '9', rx: '1.5' }],
  ['rect', { x: '3.5', y: '15.5', width: '7', height: '5', rx: '1.5' }],
];

export const TRUCK_SHAPES: IconShapes = [
  ['path', { d: 'M2.5 6.5h11v10h-11zM13.5 10h4l3 3.2v3.3h-7' }],
  ['circle', { cx: '6.5', cy: '17.5', r: '1.8' }],
  ['circle', { cx: '17', cy: '17.5', r: '1.8' }],
];

export const TAG_SHAPES: IconShapes = [
  ['path', { d: 'M3.5 12.2V4.8c0-.7.6-1.3 1.3-1.3h7.4l8.3 8.3a1.3 1.3 0 0 1 0 1.8l-7.4 7.4a1.3 1.3 0 0 1-1.8 0z' }],
  ['circle', { cx: '8', cy: '8', r: '1.5' }],
];

export const PAYOUT_SHAPES: IconShapes = [
  ['rect', { x: '3', y: '6', width: '18', height: '12', rx: '2' }],
  ['circle', { cx: '12', cy: '12', r: '2.5' }],
  ['path', { d: 'M6.5 9.5v5M17.5 9.5v5' }],
];

export const STAR_SHAPES: IconShapes = [['path', { d: 'M12 3.5l2.6 5.3 5.8.8-4.2 4.1 1 5.8L12 16.8l-5.2 2.7 1-5.8-4.2-4.1 5.8-.8z' }]];

export const LEDGER_SHAPES: IconShapes = [['path', { d: 'M4 20.5h16M6.5 17V11M11 17V6.5M15.5 17v-8M20 17V4' }]];

export const CLIPBOARD_SHAPES: IconShapes = [
  ['rect', { x: '5', y: '4.5', width: '14', height: '16.5', rx: '2' }],
  ['path', { d: 'M9 4.5V3.8c0-.7.5-1.3 1.2-1.3h3.6c.7 0 1.2.6 1.2 1.3v.7M8.5 10h7M8.5 13.5h7M8.5 17h4' }],
];
