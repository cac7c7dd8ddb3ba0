import type { Balances, RouteInput } from '@parmeta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAttempt } from '../model/attempt';
import type { RouteName, Routes } from '@/lib/api-routes';
import { callForMessage, useUserName } from '@/lib/call-api';
import { setBalances } from './get-wallet';
import { invalidateWallet } from './keys';

export const IDEMPOTENCY_HEADER = 'idempotency-key';

/**
 * A call that moves money, sent with its submission's Idempotency-Key (reused when the same
 * values are sent again after a failure); on success the new balances show at once and the
 * history and payouts are refetched.
 */
export function useMoneyMove<K extends RouteName>(name: K) {
  const userName = useUserName();
  const queryClient = useQueryClient();
  const attempt = useAttempt();
  return useMutation({
    mutationFn: async (body: RouteInput<Routes[K]>['body']) => {
      const { key } = attempt.start(body);
      const result = await callForMessage(name, { body } as RouteInput<Routes[K]>, { headers: { [IDEMPOTENCY_HEADER]: key } });
      attempt.finish();
      return result;
    },
    onSuccess: async ({ data }) => {
      const { balances } = data as { balances?: Balances };
      if (balances) setBalances(queryClient, userName, balances);
      await invalidateWallet(queryClient, userName);
    },
  });
}
