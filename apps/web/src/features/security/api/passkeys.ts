import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, callForMessage, useUserName } from '@/lib/call-api';
import { securityKeys } from './keys';

export function usePasskeys() {
  const userName = useUserName();
  return useQuery({ queryKey: securityKeys.passkeys(userName), queryFn: ({ signal }) => callApi('passkeys', { body: {} }, { signal }), enabled: userName !== '' });
}

/**
 * Adds a passkey: the server's options, the browser's own dialog (the device asks for its PIN,
 * fingerprint or face), then the server checks the answer. The WebAuthn library loads only now.
 */
export function useAddPasskey() {
  const userName = useUserName();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const options = await callApi('passkeyRegisterOptions', { body: {} });
      const { startRegistration } = await import('@simplewebauthn/browser');
      const response = await startRegistration({ optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'] });
      return callForMessage('addPasskey', { body: { name, response: { ...response, clientExtensionResults: { ...response.clientExtensionResults } } } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.passkeys(userName) }),
  });
}

export function useRemovePasskey() {
  const userName = useUserName();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callForMessage('removePasskey', { body: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.passkeys(userName) }),
  });
}
