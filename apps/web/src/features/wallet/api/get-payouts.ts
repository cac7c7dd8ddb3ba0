import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi, useUserName } from '@/lib/call-api';
import { walletKeys } from './keys';

export const PAYOUTS_PAGE_SIZE = 5;

/** One page of the user's withdrawals, newest first. */
export function usePayouts(page: number) {
  const userName = useUserName();
  return useQuery({
    queryKey: walletKeys.payouts(userName, page),
    queryFn: ({ signal }) => callApi('payouts', { query: { page, pageSize: PAYOUTS_PAGE_SIZE } }, { signal }),
    enabled: userName !== '',
    placeholderData: keepPreviousData,
  });
}
