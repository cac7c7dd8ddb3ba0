import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi, useUserName } from '@/lib/call-api';
import { walletKeys } from './keys';

export const HISTORY_PAGE_SIZE = 10;

/** One page of the ledger history, newest first; the previous page stays on screen while the next loads. */
export function useHistory(page: number) {
  const userName = useUserName();
  return useQuery({
    queryKey: walletKeys.history(userName, page),
    queryFn: ({ signal }) => callApi('transactions', { query: { userId: userName, page, pageSize: HISTORY_PAGE_SIZE } }, { signal }),
    enabled: userName !== '',
    placeholderData: keepPreviousData,
  });
}
