import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi, useUserName } from '@/lib/call-api';
import { historyQuery, type HistoryView } from '../model/history-filter';
import { walletKeys } from './keys';

export const HISTORY_PAGE_SIZE = 10;

/** One page of the ledger history with the view's filter, newest first; the previous page stays on screen while the next loads. */
export function useHistory(view: HistoryView) {
  const userName = useUserName();
  const query = { ...historyQuery(view), page: view.page, pageSize: HISTORY_PAGE_SIZE };
  return useQuery({
    queryKey: walletKeys.history(userName, query),
    queryFn: ({ signal }) => callApi('transactions', { query: { userId: userName, ...query } }, { signal }),
    enabled: userName !== '',
    placeholderData: keepPreviousData,
  });
}
