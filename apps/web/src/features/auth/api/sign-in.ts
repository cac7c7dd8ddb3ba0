import type { Envelope, SecondStepBody, SignInBody, SignInOutcome, TokenState, UserDetail } from '@parmeta/contracts';
import { connectAccount, currentChainId, signText, type Eip1193Provider } from '@/lib/injected-wallets';
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

/** A sign-in's answer: a session (stored at once), or the second step it still needs. */
function settle<T extends SignInOutcome>(result: Envelope<T>): Envelope<T> {
  if (result.status && !('secondStep' in result.data)) startSession(result.data);
  return result;
}

export const signIn = async (body: SignInBody) => settle(await callRoute('signIn', { body }));

/** The second step: the pending token and a code from the authenticator app, or a recovery code. */
export const finishSignIn = async (body: SecondStepBody) => settle(await callRoute('secondStep', { body }));

/**
 * Sign-in with a passkey: the browser offers this site's passkeys (discoverable credentials) and
 * asks for the device's PIN, fingerprint or face. The WebAuthn library loads only now.
 */
export async function signInWithPasskey(): Promise<Envelope<SignInOutcome>> {
  const options = await callRoute('passkeySignInOptions', { body: {} });
  if (!options.status) return options;
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const response = await startAuthentication({ optionsJSON: options.data as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'] });
  return settle(await callRoute('passkeySignIn', { body: { response: { ...response, clientExtensionResults: { ...response.clientExtensionResults } } } }));
}

/** Sign-in with the linked wallet: it signs a Sign-In with Ethereum message the server wrote. */
export async function signInWithWallet(provider: Eip1193Provider): Promise<Envelope<SignInOutcome>> {
  const address = await connectAccount(provider);
  const message = await callRoute('walletSignInMessage', { body: { address, chainId: await currentChainId(provider) } });
  if (!message.status) return message;
  const signature = await signText(provider, address, message.data.message);
  return settle(await callRoute('walletSignIn', { body: { message: message.data.message, signature } }));
}

/** Answers the API envelope: a refused sign-in is an answer to show, not an exception. */
export const useSignIn = () => useMutation({ mutationFn: signIn });
