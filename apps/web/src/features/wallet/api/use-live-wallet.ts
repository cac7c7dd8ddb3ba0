import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useUserName } from '@/lib/call-api';
import { useWallet } from './get-wallet';
import { walletKeys } from './keys';

/**
 * The wallet page's balances, polled every WALLET_POLL_MS. When a poll finds them changed
 * (a payout settled, a sale, another tab), the history and the payouts are refetched too.
 */
export function useLiveWallet() {
  const wallet = useWallet({ poll: true });
  const userName = useUserName();
  const queryClient = useQueryClient();
  const fingerprint = wallet.data ? JSON.stringify(wallet.data.balances) : null;
  const seen = useRef(fingerprint);
  useEffect(() => {
    if (fingerprint === null) return;
    if (seen.current !== null && seen.current !== fingerprint) {
      void queryClient.invalidateQueries({ queryKey: [...walletKeys.all(userName), 'history'] });
      void queryClient.invalidateQueries({ queryKey: [...walletKeys.all(userName), 'payouts'] });
    }
    seen.current = fingerprint;
  }, [fingerprint, queryClient, userName]);
  return wallet;
}
