import { REFRESH_TICK_FAST_MS, type UserDetail } from '@parmeta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { takeEarlyAnswer } from '@/boot/handoff';
import { callRoute } from '@/lib/api-client';
import { useIsSignedIn, useSessionStore } from '@/lib/session-store';
import { ensureSession, renewSession, SessionEndedError } from './session';

export const userDetailQueryKey = (userName: string) => ['auth', 'user-detail', userName] as const;

/**
 * The signed-in user's detail (spec: "fetch user details"), stored into the session
 * store's user slice, which the header and the account pages read.
 */
export async function getUserDetail(userName: string, signal?: AbortSignal): Promise<UserDetail> {
  if (!(await ensureSession())) throw new SessionEndedError();
  const input = { body: { user_id: userName } };
  const fetchDetail = () => callRoute('userDetail', input, { signal });
  // After a reload the early script (src/boot) has usually asked already, with the renewed token.
  const early = (await takeEarlyAnswer('userDetail', input)) as Awaited<ReturnType<typeof fetchDetail>> | null | undefined;
  let result = early ?? (await fetchDetail());
  // Refused before its expiry (a clock jump, or the session was revoked elsewhere): renew once.
  if (!result.status && result.code === 'UNAUTHORIZED') {
    if (!(await renewSession())) throw new SessionEndedError();
    result = await fetchDetail();
  }
  if (!result.status) throw new Error(result.msg);
  const store = useSessionStore.getState();
  // A sign-out (or another user's sign-in) while the call was out must not bring this user back.
  if (store.user?.userName === userName) store.setUser(result.data);
  return result.data;
}

export const userDetailQueryOptions = (userName: string) =>
  queryOptions({
    queryKey: userDetailQueryKey(userName),
    queryFn: ({ signal }) => getUserDetail(userName, signal),
    // Every 5 minutes, as the original; route changes refetch too (see the app's SessionSync).
    refetchInterval: REFRESH_TICK_FAST_MS,
    retry: (failures, error) => !(error instanceof SessionEndedError) && failures < 1,
  });

/** The user detail while a session exists; idle when signed out. */
export function useUserDetail() {
  const userName = useSessionStore((s) => s.user?.userName ?? '');
  const signedIn = useIsSignedIn();
  return useQuery({ ...userDetailQueryOptions(userName), enabled: signedIn && userName !== '' });
}
