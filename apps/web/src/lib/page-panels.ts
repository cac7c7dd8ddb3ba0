import { routerPath } from './route-path';

// The panels a page shows first, by their fixed words: on the security page the three panels'
// headings and descriptions fill most of the first screen, and a description is its largest
// paint. page.html's early script paints them below the page's header (src/boot/early-head.ts),
// and the page renders them from here, so what the first paint shows is what the page then
// shows, in the same place (their contents come with the page). Not in the app's first load:
// the layout's stand-in keeps what the early script painted (app/layouts/first-head.tsx).

/** A Panel's (components/ui/panel.tsx) heading and description. */
export interface PanelHead {
  title: string;
  description: string;
}

/** The security page's panels (features/security/components). */
export const SECURITY_PANELS = {
  passkeys: {
    title: 'Passkeys',
    description: 'Sign in with your fingerprint, face or device PIN instead of your password. A passkey stays on your device or in your password manager and cannot be phished.',
  },
  twoFactor: {
    title: 'Two-step sign-in',
    description: 'After your password, we also ask for a code from an authenticator app on your phone (such as Google Authenticator, 1Password or Aegis).',
  },
  sessions: { title: 'Signed-in devices', description: 'Where your account is signed in. End any session you do not recognise.' },
} as const satisfies Record<string, PanelHead>;

/** Each page's first panels, in the page's order. */
const PAGE_PANELS: Record<string, readonly PanelHead[]> = {
  '/account/security': [SECURITY_PANELS.passkeys, SECURITY_PANELS.twoFactor, SECURITY_PANELS.sessions],
};

/** The first panels of the page at this address, matched as the router does; null for any other page. */
export function firstPanelsAt(pathname: string): readonly PanelHead[] | null {
  const path = routerPath(pathname);
  return Object.hasOwn(PAGE_PANELS, path) ? PAGE_PANELS[path]! : null;
}
