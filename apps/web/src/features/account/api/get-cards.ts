import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { userDetailQueryKey } from '@/features/auth';
import { callApi, useUserName } from '@/lib/call-api';

export const cardsQueryKey = (userName: string) => ['account', userName, 'cards'] as const;

export const getCards = (userName: string) => callApi('listCards', { body: { user_id: userName } });

export const cardsQueryOptions = (userName: string) =>
  queryOptions({ queryKey: cardsQueryKey(userName), queryFn: () => getCards(userName), enabled: userName !== '' });

/** Saved cards, default first. */
export function useCards() {
  return useQuery(cardsQueryOptions(useUserName()));
}

/** After a card changes: the card list and the user detail (the auth feature's query), which lists them too. */
export const invalidateCards = (queryClient: QueryClient, userName: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: cardsQueryKey(userName) }),
    queryClient.invalidateQueries({ queryKey: userDetailQueryKey(userName) }),
  ]);
