import { AppError } from '../../http/errors.js';

/**
 * How a refused proof (a code, a signature, a passkey answer) is answered. While signing in it
 * is a failed authentication, 401, like a wrong password. On a signed-in call it is 400 naming
 * the field: there a 401 means "your session expired", and the web app renews the session and
 * sends the call again, which would send the refused proof twice (docs/decisions/0030).
 */
export type Context = 'sign-in' | 'signed-in';

export const refused = (context: Context, msg: string, field: string) =>
  context === 'sign-in' ? new AppError('UNAUTHORIZED', msg, { fields: { [field]: 'was refused' } }) : new AppError('BAD_REQUEST', msg, { fields: { [field]: 'was refused' } });
