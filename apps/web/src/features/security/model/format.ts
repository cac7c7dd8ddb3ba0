import type { SessionInfo } from '@parmeta/contracts';

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
export const formatWhen = (at: number) => dateTime.format(at);

export const METHOD_LABELS: Record<SessionInfo['method'], string> = { password: 'Password', passkey: 'Passkey', wallet: 'Wallet' };

/** "Password and app code", "Passkey", "Wallet and recovery code". */
export function howSignedIn(session: Pick<SessionInfo, 'method' | 'secondFactor'>): string {
  const first = METHOD_LABELS[session.method];
  if (session.secondFactor === 'totp') return `${first} and app code`;
  if (session.secondFactor === 'recovery') return `${first} and recovery code`;
  return first;
}
