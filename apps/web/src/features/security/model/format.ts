import type { SessionInfo } from '@parmeta/contracts';
import { dateTimeTextGb } from '@/lib/date-text';

/** "27 Nov 2026, 23:10". */
export const formatWhen = dateTimeTextGb;

export const METHOD_LABELS: Record<SessionInfo['method'], string> = { password: 'Password', passkey: 'Passkey', wallet: 'Wallet' };

/** "Password and app code", "Passkey", "Wallet and recovery code". */
export function howSignedIn(session: Pick<SessionInfo, 'method' | 'secondFactor'>): string {
  const first = METHOD_LABELS[session.method];
  if (session.secondFactor === 'totp') return `${first} and app code`;
  if (session.secondFactor === 'recovery') return `${first} and recovery code`;
  return first;
}
