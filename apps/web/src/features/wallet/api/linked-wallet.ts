import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, callForMessage, useUserName } from '@/lib/call-api';
import { connectAccount, currentChainId, signText, type Eip1193Provider } from '@/lib/injected-wallets';

/** Below the wallet's keys, so it is refetched with the rest of the wallet. */
export const linkedWalletKey = (userName: string) => ['wallet', userName, 'linked'] as const;

export const linkedWalletQueryOptions = (userName: string) =>
  queryOptions({ queryKey: linkedWalletKey(userName), queryFn: ({ signal }) => callApi('linkedWallet', { body: {} }, { signal }), enabled: userName !== '' });

/** The external wallet linked to the account, or null. */
export const useLinkedWallet = () => useQuery(linkedWalletQueryOptions(useUserName()));

/**
 * Links the wallet's selected account: the wallet connects (its own prompt), the server writes
 * a Sign-In with Ethereum message for that account and chain, the wallet signs it (a second
 * prompt), and the server checks it and links the address.
 */
export function useLinkWallet() {
  const userName = useUserName();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (provider: Eip1193Provider) => {
      const address = await connectAccount(provider);
      const chainId = await currentChainId(provider);
      const { message } = await callApi('walletLinkMessage', { body: { address, chainId } });
      const signature = await signText(provider, address, message);
      return callForMessage('linkWallet', { body: { message, signature } });
    },
    onSuccess: ({ data }) => queryClient.setQueryData(linkedWalletKey(userName), data),
  });
}

export function useUnlinkWallet() {
  const userName = useUserName();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callForMessage('unlinkWallet', { body: {} }),
    onSuccess: () => queryClient.setQueryData(linkedWalletKey(userName), null),
  });
}
