import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';
import { ADMIN_PAGE_SIZE, adminKeys } from './keys';

export type PayoutStatus = 'pending' | 'completed' | 'failed';

export const payoutsQueryOptions = (status: PayoutStatus | '', page: number) =>
  queryOptions({
    queryKey: adminKeys.payouts(status, page),
    queryFn: ({ signal }) => callApi('adminPayouts', { body: { page, pageSize: ADMIN_PAGE_SIZE, ...(status ? { status } : {}) } }, { signal }),
    placeholderData: keepPreviousData,
  });

export const usePayouts = (status: PayoutStatus | '', page: number) => useQuery(payoutsQueryOptions(status, page));

export type SettlePayout = { action: 'complete'; id: number } | { action: 'fail'; id: number; reason: string };

/** Complete a payout, or fail it (the member's par comes back). */
export function useSettlePayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SettlePayout) =>
      input.action === 'complete'
        ? callApi('adminCompletePayout', { body: { id: input.id } })
        : callApi('adminFailPayout', { body: { id: input.id, reason: input.reason } }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.payoutLists() }), queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() })]),
  });
}
