import { WALLET_POLL_MS, type Balances } from '@parmeta/contracts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { callApi, useUserName } from '@/lib/call-api';
import { walletKeys } from './keys';

export const getWallet = (signal?: AbortSignal) => callApi('userData', { body: {} }, { signal });

export const walletQueryOptions = (userName: string) =>
  queryOptions({ queryKey: walletKeys.data(userName), queryFn: ({ signal }) => getWallet(signal), enabled: userName !== '' });

/**
 * Balances, wallet id and member class. On the wallet page it polls every WALLET_POLL_MS,
 * as the original's wallet provider did; elsewhere it loads once.
 */
export function useWallet({ poll = false }: { poll?: boolean } = {}) {
  return useQuery({ ...walletQueryOptions(useUserName()), refetchInterval: poll ? WALLET_POLL_MS : false });
}

/** A call that answers the new balances saves the wallet a refetch before the numbers change. */
export function setBalances(queryClient: QueryClient, userName: string, balances: Balances) {
  queryClient.setQueryData(walletKeys.data(userName), (old) => (old ? { ...old, balances } : old));
}
