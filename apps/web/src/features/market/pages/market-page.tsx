import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, ButtonLink, EmptyState, MarketIcon, PageHeader, LoadError } from '@/components/ui';
import { Pagination } from '@/components/ui/pagination';
import { useSessionStore } from '@/lib/session-store';
import { useMarket } from '../api/get-market';
import { CollectionFilter } from '../components/collection-filter';
import { FilterBar } from '../components/filter-bar';
import { NftCard, NftGrid, NftGridSkeleton } from '../components/nft-card';
import { fromStoreFilter, isFiltered, MARKET_PAGE_SIZE, marketSearch, parseMarketParams, withFilter, type MarketQuery } from '../model/market-query';
import styles from './market-page.module.css';

/**
 * The URL is the filter's home; the store's market.filter mirrors it, as the original kept
 * it there. Coming back to a bare /market (the nav link) brings the last filter back.
 */
function useMarketQuery() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // Shown until the address bar has caught up with it, so the unfiltered grid never flashes.
  const [restoring, setRestoring] = useState(() => {
    const stored = fromStoreFilter(useSessionStore.getState().market.filter);
    return params.size === 0 && isFiltered(stored) ? stored : null;
  });
  if (restoring && params.size > 0) setRestoring(null);
  useEffect(() => {
    if (restoring) void navigate({ search: marketSearch(restoring) }, { replace: true });
  }, [restoring, navigate]);

  const query = restoring ?? parseMarketParams(params);
  const { search, category, priceFr, priceTo } = query;
  useEffect(() => {
    useSessionStore.getState().setMarketFilter({ search, category, priceFr, priceTo });
  }, [search, category, priceFr, priceTo]);

  const go = (next: MarketQuery) => void navigate({ search: marketSearch(next) }, { preventScrollReset: next.page === query.page });
  return { query, go };
}

export default function MarketPage() {
  const { query, go } = useMarketQuery();
  const market = useMarket(query);
  const data = market.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / MARKET_PAGE_SIZE)) : 1;

  useEffect(() => {
    if (data) useSessionStore.getState().setMarketProducts(data.items.map((item) => ({ id: String(item.id) })));
  }, [data]);

  const clear = () => go(withFilter(query, { search: '', category: 'all', priceFr: null, priceTo: null }));

  return (
    <>
      <PageHeader
        title="NFT market"
        description="Discover NFTs listed for sale and filter them by collection, search text and price in par."
        actions={
          <ButtonLink to="/my-nfts" variant="secondary">
            My NFTs
          </ButtonLink>
        }
      />
      <div className={styles.layout}>
        <aside className={styles.side} aria-label="Collections">
          <CollectionFilter collections={data?.collections} value={query.category} onChange={(category) => go(withFilter(query, { category }))} />
        </aside>
        <section className={styles.results} aria-labelledby="market-results">
          <FilterBar query={query} onApply={(change) => go(withFilter(query, change))} onSort={(sort) => go(withFilter(query, { sort }))} />
          <div className={styles.summary}>
            <h2 id="market-results" className={styles.count} aria-live="polite">
              {data ? `${data.total} ${data.total === 1 ? 'NFT' : 'NFTs'}${isFiltered(query) ? ' match' : ' for sale'}` : 'Loading NFTs…'}
            </h2>
            {isFiltered(query) && (
              <Button variant="ghost" size="sm" onClick={clear}>
                Clear filters
              </Button>
            )}
          </div>
          {market.isPending ? (
            <NftGridSkeleton count={MARKET_PAGE_SIZE} />
          ) : market.isError && !data ? (
            <LoadError what="the market" error={market.error} onRetry={() => void market.refetch()} />
          ) : data && data.items.length > 0 ? (
            <>
              <NftGrid label="NFTs" busy={market.isPlaceholderData}>
                {data.items.map((nft, i) => (
                  <li key={nft.id}>
                    <NftCard nft={nft} eager={i < 4} />
                  </li>
                ))}
              </NftGrid>
              <Pagination label="Market pages" page={query.page} pageCount={pageCount} hrefFor={(page) => `/market${marketSearch({ ...query, page })}`} />
            </>
          ) : (
            <EmptyState
              title={isFiltered(query) ? 'No NFTs match' : 'Nothing is for sale right now'}
              icon={<MarketIcon />}
              action={
                isFiltered(query) ? (
                  <Button variant="secondary" onClick={clear}>
                    Clear filters
                  </Button>
                ) : undefined
              }
            >
              {isFiltered(query) ? 'Try other words, another collection or a wider price range.' : 'New NFTs are listed often. Check back soon.'}
            </EmptyState>
          )}
        </section>
      </div>
    </>
  );
}
