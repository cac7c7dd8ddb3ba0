import type { SignInBody, TokenState, UserDetail } from '@parmeta/contracts';
import { useMutation } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { useSessionStore } from '@/lib/session-store';
import { toSessionTokens } from '../model/session-tokens';
import { userDetailQueryKey } from './get-user-detail';

/** Stores what a sign-in answers: the tokens (the refresh token itself stays in its cookie) and the user detail. */
export function startSession(data: TokenState & { user: UserDetail }): void {
  const store = useSessionStore.getState();
  store.setTokens(toSessionTokens(data));
  store.resetUser();
  store.setUser(data.user);
  queryClient.setQueryData(userDetailQueryKey(data.user.userName), data.user);
}

export async function signIn(body: SignInBody) {
  const result = await callRoute('signIn', { body });
  if (result.status) startSession(result.data);
  return result;
}

/** Answers the API envelope: a refused sign-in is an answer to show, not an exception. */
export const useSignIn = () => useMutation({ mutationFn: signIn });
