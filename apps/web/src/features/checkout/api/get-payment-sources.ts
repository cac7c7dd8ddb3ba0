import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';
import { useSessionStore } from '@/lib/session-store';

const useUserName = () => useSessionStore((s) => s.user?.userName ?? '');

export const savedCardsQueryOptions = (userName: string) =>
  queryOptions({
    queryKey: ['checkout', 'cards', userName] as const,
    queryFn: ({ signal }) => callApi('listCards', { body: { user_id: userName } }, { signal }),
    enabled: userName !== '',
  });

/** The user's saved cards (tokens at the gateway; the shop knows brand, last 4 and expiry). */
export const useSavedCards = () => useQuery(savedCardsQueryOptions(useUserName()));
