import { callForMessage } from '@/lib/call-api';

/** POST /gx/cancelOrdernft: releases the reservation so others can buy the NFT. */
export const cancelOrderNft = (orderNo: string) => callForMessage('cancelOrderNft', { body: { orderNo } });
