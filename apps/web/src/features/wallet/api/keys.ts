import type { QueryClient } from '@tanstack/react-query';
import { userDetailQueryKey } from '@/features/auth';

/** Query keys of the wallet: every key starts with the user, so one user's data never shows for another. */
export const walletKeys = {
  all: (userName: string) => ['wallet', userName] as const,
  data: (userName: string) => ['wallet', userName, 'data'] as const,
  history: (userName: string, query: object) => ['wallet', userName, 'history', query] as const,
  payouts: (userName: string, page: number) => ['wallet', userName, 'payouts', page] as const,
  rates: ['wallet-rates'] as const,
};

/** After money moved: balances, history and payouts, and the user detail (it carries the par amount). */
export const invalidateWallet = (queryClient: QueryClient, userName: string) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: walletKeys.all(userName) }), queryClient.invalidateQueries({ queryKey: userDetailQueryKey(userName) })]);
