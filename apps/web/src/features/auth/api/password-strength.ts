import { PASSWORD_MAX, PASSWORD_MIN, type PasswordStrength, type PasswordStrengthBody } from '@parmeta/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { callRoute } from '@/lib/api-client';
import { apiFailure } from '@/lib/call-api';

/** How long typing must pause before the password is rated (each pause is one call). */
const PAUSE_MS = 300;

export async function ratePassword(body: PasswordStrengthBody): Promise<PasswordStrength> {
  const answer = await callRoute('passwordStrength', { body });
  if (!answer.status) throw apiFailure(answer);
  return answer.data;
}

function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The server's verdict on a new password, the one sign-up, reset and password change apply:
 * asked once typing pauses, for passwords of an allowed length. `pending` while the verdict
 * shown is not yet for what is typed. Kept in memory for a minute only: these are passwords.
 */
export function usePasswordVerdict(password: string, identity: Omit<PasswordStrengthBody, 'password'>): { verdict: PasswordStrength | undefined; pending: boolean } {
  const { userName, email, fullName } = identity;
  // One object per distinct input: a new one on every render restarted the pause, whose end
  // rendered again, every 300 ms for as long as the form was open.
  const body = useMemo(() => ({ password, userName, email, fullName }), [password, userName, email, fullName]);
  const settled = useSettled(body, PAUSE_MS);
  const checkable = settled.password.length >= PASSWORD_MIN && settled.password.length <= PASSWORD_MAX;
  const query = useQuery({
    queryKey: ['password-strength', settled],
    queryFn: () => ratePassword(settled),
    enabled: checkable,
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
  const current = settled === body && checkable;
  return { verdict: checkable ? query.data : undefined, pending: password.length >= PASSWORD_MIN && (!current || query.isFetching) };
}
