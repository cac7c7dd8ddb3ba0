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

/** The caller's running reservation of the NFT, as the detail hands it back, as the state to pay it from. */
const resumed = (nft: NftDetail | undefined): ParPurchase | null =>
  nft?.myReservation && nft.myReservation.status === 'reserved' && nft.myReservation.expiresAt > Date.now()
    ? // One key per purchase attempt: retrying the confirmation replays it, never pays twice.
      { step: 'reserved', orderNo: nft.myReservation.orderNo, expiresAt: nft.myReservation.expiresAt, key: crypto.randomUUID() }
    : null;

/**
 * Buying an NFT with par: reserve (GenerateOrderNft), then confirm (confirmOrdernft) before
 * the reservation runs out, or cancel. While it runs, the store's order card holds the
 * price, type and buyer, as in the original; it is cleared afterwards.
 *
 * A reservation belongs to the buyer until it runs out, wherever they go meanwhile: the page
 * opened again (a reload, a second tab, back from topping up) resumes it from the NFT's
 * detail (myReservation), and leaving the page does not release it (decision 0025). Only a
 * reservation still in flight is aborted on leaving, and the server then releases it.
 * (Render it keyed by the NFT's id, so another NFT's page starts afresh.)
 */
export function useParPurchase(nft: NftDetail | undefined) {
  const [state, setState] = useState<ParPurchase>(() => resumed(nft) ?? { step: 'idle' });
  const userName = useUserName();
  const queryClient = useQueryClient();
  const inFlight = useRef<AbortController | null>(null);

  // A reservation made elsewhere (another tab) shows here once the detail is refetched.
  const [seenReservation, setSeenReservation] = useState(nft?.myReservation?.orderNo ?? null);
  const reservationNow = nft?.myReservation?.orderNo ?? null;
  if (reservationNow !== seenReservation) {
    setSeenReservation(reservationNow);
    const adopt = resumed(nft);
    if (adopt && state.step === 'idle') setState(adopt);
  }

  // The order card holds the purchase while a reservation is held, a resumed one too.
  const heldOrder = 'orderNo' in state ? state.orderNo : null;
  const price = nft?.price;
  useEffect(() => {
    if (heldOrder && price !== undefined) useSessionStore.getState().setOrderCard({ price, Type: 'nft', user_id: userName });
  }, [heldOrder, price, userName]);

  useEffect(
    () => () => {
      inFlight.current?.abort();
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
      useSessionStore.getState().resetOrderCard();
      setState({ step: 'paid', msg });
    } catch (error) {
      // The reservation may still hold (e.g. too little par: top up and confirm again) or be gone.
      const expired = Date.now() >= state.expiresAt;
      if (expired) useSessionStore.getState().resetOrderCard();
      setState(expired ? { step: 'idle', error: failureMessage(error, { fieldsHint: false }) } : { ...state, step: 'reserved', error: failureMessage(error, { fieldsHint: false }) });
    }
    await refresh();
  }, [state, refresh]);

  const cancel = useCallback(async () => {
    if (state.step !== 'reserved') return;
    setState({ ...state, step: 'cancelling', error: undefined });
    try {
      await cancelOrderNft(state.orderNo);
      useSessionStore.getState().resetOrderCard();
      setState({ step: 'idle' });
    } catch (error) {
      setState({ ...state, step: 'reserved', error: failureMessage(error, { fieldsHint: false }) });
    }
    await refresh();
  }, [state, refresh]);

  /** The countdown reached zero: the server frees the NFT by itself. */
  const expire = useCallback(() => {
    useSessionStore.getState().resetOrderCard();
    setState({ step: 'idle', error: 'Your reservation ran out before the payment. Nothing was charged; you can start again.' });
    void refresh();
  }, [refresh]);

  return { state, reserve, confirm, cancel, expire, reset: () => setState({ step: 'idle' }) };
}
