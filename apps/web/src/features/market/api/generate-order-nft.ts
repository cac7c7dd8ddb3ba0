import { callForMessage, failureMessage, isAbort } from '@/lib/call-api';

/** The original's answer: an orderNo, or an empty orderNo with the message saying why not. */
export type NftReservation = { orderNo: string; msg: string; expiresAt: number; price: number } | { orderNo: ''; msg: string };

/**
 * POST /gx/GenerateOrderNft: reserves a listed NFT for the caller. Cancellable: aborting
 * the signal drops the request, and the server then releases the reservation. An aborted
 * call throws AbortError; any other failure answers `{ orderNo: '', msg }`.
 */
export async function generateOrderNft(nftId: number, signal?: AbortSignal): Promise<NftReservation> {
  try {
    const { msg, data } = await callForMessage('generateOrderNft', { body: { nftId } }, { signal });
    return { orderNo: data.orderNo, msg, expiresAt: data.expiresAt, price: data.price };
  } catch (error) {
    if (isAbort(error)) throw error;
    return { orderNo: '', msg: failureMessage(error, { fieldsHint: false }) };
  }
}
