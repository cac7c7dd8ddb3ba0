import { createClient, CSRF_HEADER, CSRF_HEADER_VALUE } from '@parmeta/contracts';
import { useSessionStore } from './session-store';

/**
 * The one API client of the web app. Same origin: the API serves this app, so the
 * httpOnly refresh cookie travels with `credentials: 'same-origin'`; the CSRF header
 * marks every call as coming from our own scripts.
 */
export const apiClient = createClient({
  baseUrl: '/api',
  credentials: 'same-origin',
  headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
  getAccessToken: () => useSessionStore.getState().token.accessToken.token,
});
