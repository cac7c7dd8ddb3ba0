import { REFRESH_TICK_SLOW_MS } from '@parmeta/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';
import { catalogOpen } from '@/lib/catalog-access';
import { useSessionStore } from '@/lib/session-store';
import { marketBody, type MarketQuery } from '../model/market-query';
import { marketKeys } from './keys';

/**
 * The listed NFTs for a query. As in the original, the market is refetched every
 * REFRESH_TICK_SLOW_MS (30 minutes), and only while an access token exists. The previous
 * page stays on screen while the next one loads.
 */
export function useMarket(query: MarketQuery) {
  const hasToken = useSessionStore((s) => s.token.accessToken.token !== null);
  const body = marketBody(query);
  return useQuery({
    queryKey: marketKeys.list(body),
    queryFn: ({ signal }) => callApi('marketProducts', { body }, { signal }),
    // A visitor of the open catalog (PUBLIC_CATALOG) reads it too, without the refresh tick.
    enabled: hasToken || catalogOpen(),
    refetchInterval: hasToken ? REFRESH_TICK_SLOW_MS : false,
    placeholderData: keepPreviousData,
  });
}
