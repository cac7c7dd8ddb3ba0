import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callForMessage } from '@/lib/call-api';
import { marketKeys } from './keys';

/** POST /gx/nft_list: offer an owned NFT for resale at a price in par. */
export const listNft = (nftId: number, price: number) => callForMessage('listNft', { body: { nftId, price } });

/** POST /gx/nft_delist: withdraw it from sale. */
export const delistNft = (nftId: number) => callForMessage('delistNft', { body: { nftId } });

/** Listing changes show in My NFTs, the market grid and the NFT's page. */
export function useListing() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: marketKeys.all });
  const list = useMutation({ mutationFn: ({ nftId, price }: { nftId: number; price: number }) => listNft(nftId, price), onSuccess });
  const delist = useMutation({ mutationFn: (nftId: number) => delistNft(nftId), onSuccess });
  return { list, delist };
}
