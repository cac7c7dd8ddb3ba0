import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';
import { marketKeys } from './keys';

/** One NFT with its attributes and ownership history. */
export function useNft(id: number) {
  return useQuery({
    queryKey: marketKeys.nft(id),
    queryFn: ({ signal }) => callApi('nftDetail', { params: { id } }, { signal }),
    enabled: Number.isSafeInteger(id) && id > 0,
  });
}
