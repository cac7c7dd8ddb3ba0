import { useQuery } from '@tanstack/react-query';
import { callApi, useUserName } from '@/lib/call-api';
import { marketKeys } from './keys';

/** The NFTs the signed-in user owns, listed or not. */
export function useMyNfts() {
  const userName = useUserName();
  return useQuery({
    queryKey: marketKeys.mine(userName),
    queryFn: ({ signal }) => callApi('myNfts', { body: {} }, { signal }),
    enabled: userName !== '',
  });
}
