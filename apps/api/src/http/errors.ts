import type { ErrorCode } from '@parmeta/contracts';
import { ERROR_STATUS } from '@parmeta/contracts/common/errors';

/**
 * The one error type services throw. It carries the machine code (and so the HTTP
 * status) and a message written for the user; the error handler turns it into the
 * failure envelope. Anything that is not an AppError becomes a 500 without detail.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: { fields?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}

export const badRequest = (msg: string, fields?: Record<string, string>) => new AppError('BAD_REQUEST', msg, fields ? { fields } : {});
export const unauthorized = (msg = 'Please sign in to continue.') => new AppError('UNAUTHORIZED', msg);
export const forbidden = (msg = 'You are not allowed to do that.') => new AppError('FORBIDDEN', msg);
export const notFound = (msg = 'Not found.') => new AppError('NOT_FOUND', msg);
/** The signed-in member's account was closed (the session may predate the closing by a moment). */
export const accountGone = () => notFound('This account no longer exists.');
export const conflict = (msg: string) => new AppError('CONFLICT', msg);
export const businessRule = (msg: string) => new AppError('BUSINESS_RULE', msg);
/** A bounded queue of work is full (password hashing, the SQLite readers): try again in a second. */
export const busy = () => new AppError('RATE_LIMITED', 'We are very busy right now. Please try again in a moment.', { headers: { 'retry-after': '1' } });
