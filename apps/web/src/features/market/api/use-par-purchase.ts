import type { NftDetail } from '@parmeta/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { invalidateWallet } from '@/features/wallet';
import { failureMessage, isAbort, useUserName } from '@/lib/call-api';
import { useSessionStore } from '@/lib/session-store';
import { cancelOrderNft } from './cancel-order-nft';
import { confirmOrderNft } from './confirm-order-nft';
import { generateOrderNft } from './generate-order-nft';
import { marketKeys } from './keys';

export type ParPurchase =
  | { step: 'idle'; error?: string }
  | { step: 'reserving' }
  | { step: 'reserved' | 'confirming' | 'cancelling'; orderNo: string; expiresAt: number; key: string; error?: string }
  | { step: 'paid'; msg: string };

/**
 * Buying an NFT with par: reserve (GenerateOrderNft), then confirm (confirmOrdernft) before
 * the reservation runs out, or cancel. While it runs, the store's order card holds the
 * price, type and buyer, as in the original; it is cleared afterwards. Leaving the page
 * aborts a reservation still in flight and releases one that was made. (Render it keyed by
 * the NFT's id, so another NFT's page starts afresh.)
 */
export function useParPurchase(nft: NftDetail | undefined) {
  const [state, setState] = useState<ParPurchase>({ step: 'idle' });
  const userName = useUserName();
  const queryClient = useQueryClient();
  const inFlight = useRef<AbortController | null>(null);
  const held = useRef<string | null>(null);

  useEffect(
    () => () => {
      inFlight.current?.abort();
      if (held.current) void cancelOrderNft(held.current).catch(() => undefined);
      held.current = null;
      useSessionStore.getState().resetOrderCard();
    },
    [],
  );

  const refresh = useCallback(
    () => Promise.all([queryClient.invalidateQueries({ queryKey: marketKeys.all }), invalidateWallet(queryClient, userName)]),
    [queryClient, userName],
  );

  const reserve = useCallback(async () => {
    if (!nft) return;
    const controller = new AbortController();
    inFlight.current = controller;
    setState({ step: 'reserving' });
    useSessionStore.getState().setOrderCard({ price: nft.price, Type: 'nft', user_id: userName });
    try {
      const reservation = await generateOrderNft(nft.id, controller.signal);
      if (!reservation.orderNo) {
        useSessionStore.getState().resetOrderCard();
        setState({ step: 'idle', error: reservation.msg });
        void refresh();
        return;
      }
      if (!('expiresAt' in reservation)) return;
      held.current = reservation.orderNo;
      // One key per purchase attempt: retrying the confirmation replays it, never pays twice.
      setState({ step: 'reserved', orderNo: reservation.orderNo, expiresAt: reservation.expiresAt, key: crypto.randomUUID() });
    } catch (error) {
      if (!isAbort(error)) setState({ step: 'idle', error: failureMessage(error, { fieldsHint: false }) });
    } finally {
      if (inFlight.current === controller) inFlight.current = null;
    }
  }, [nft, userName, refresh]);

  const confirm = useCallback(async () => {
    if (state.step !== 'reserved') return;
    setState({ ...state, step: 'confirming', error: undefined });
    try {
      const { msg } = await confirmOrderNft(state.orderNo, state.key);
      held.current = null;
      useSessionStore.getState().resetOrderCard();
      setState({ step: 'paid', msg });
    } catch (error) {
      // The reservation may still hold (e.g. too little par: top up and confirm again) or be gone.
      const expired = Date.now() >= state.expiresAt;
      if (expired) {
        held.current = null;
        useSessionStore.getState().resetOrderCard();
      }
      setState(expired ? { step: 'idle', error: failureMessage(error, { fieldsHint: false }) } : { ...state, step: 'reserved', error: failureMessage(error, { fieldsHint: false }) });
    }
    await refresh();
  }, [state, refresh]);

  const cancel = useCallback(async () => {
    if (state.step !== 'reserved') return;
    setState({ ...state, step: 'cancelling', error: undefined });
    try {
      await cancelOrderNft(state.orderNo);
      held.current = null;
      useSessionStore.getState().resetOrderCard();
      setState({ step: 'idle' });
    } catch (error) {
      setState({ ...state, step: 'reserved', error: failureMessage(error, { fieldsHint: false }) });
    }
    await refresh();
  }, [state, refresh]);

  /** The countdown reached zero: the server frees the NFT by itself. */
  const expire = useCallback(() => {
    held.current = null;
    useSessionStore.getState().resetOrderCard();
    setState({ step: 'idle', error: 'Your reservation ran out before the payment. Nothing was charged; you can start again.' });
    void refresh();
  }, [refresh]);

  return { state, reserve, confirm, cancel, expire, reset: () => setState({ step: 'idle' }) };
}
