export { refreshSession } from './api/refresh-session';
export { checkSession, SessionEndedError, sessionKeeper } from './api/session';
export { signOut } from './api/sign-out';
export { useUserDetail, userDetailQueryKey } from './api/get-user-detail';
export { decideSession, type SessionDecision } from './model/decide-session';
export { loginPathFor, safeNextPath } from './model/safe-next';

/** Lazy page modules: each is its own chunk, loaded when its route is visited. */
export const authPages = {
  login: () => import('./pages/login-page'),
  signup: () => import('./pages/signup-page'),
  resendEmail: () => import('./pages/resend-email-page'),
  reset: () => import('./pages/reset-page'),
};

// For the account settings page's password forms (features/account): the same form state and strength hint as sign-up.
export { useContractForm } from './model/use-contract-form';
export { PasswordStrengthHint } from './components/password-strength';
