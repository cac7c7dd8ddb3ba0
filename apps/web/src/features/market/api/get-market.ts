import { REFRESH_TICK_SLOW_MS, type RouteData } from '@parmeta/contracts';
import type { Routes } from '@/lib/api-routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';
import { catalogOpen } from '@/lib/catalog-access';
import { useSessionStore } from '@/lib/session-store';
import { takeFirstList } from '@/lib/first-data';
import { DEFAULT_QUERY, marketBody, type MarketQuery } from '../model/market-query';
import { marketKeys } from './keys';

type MarketPage = RouteData<Routes['marketProducts']>;

/**
 * The listed NFTs for a query. As in the original, the market is refetched every
 * REFRESH_TICK_SLOW_MS (30 minutes), and only while an access token exists. The previous
 * page stays on screen while the next one loads. On the page's first load, a bare /market's first
 * page may have come with the page's HTML, as this member sees it (lib/first-data.ts): it is shown
 * at once, as fresh as an answer just received.
 */
export function useMarket(query: MarketQuery) {
  const hasToken = useSessionStore((s) => s.token.accessToken.token !== null);
  const body = marketBody(query);
  return useQuery({
    queryKey: marketKeys.list(body),
    queryFn: ({ signal }) => callApi('marketProducts', { body }, { signal }),
    initialData: () => takeFirstList<MarketPage>('marketProducts', JSON.stringify(body) === JSON.stringify(marketBody(DEFAULT_QUERY))),
    initialDataUpdatedAt: () => Date.now(),
    // A visitor of the open catalog (PUBLIC_CATALOG) reads it too, without the refresh tick.
    enabled: hasToken || catalogOpen(),
    refetchInterval: hasToken ? REFRESH_TICK_SLOW_MS : false,
    placeholderData: keepPreviousData,
  });
}
