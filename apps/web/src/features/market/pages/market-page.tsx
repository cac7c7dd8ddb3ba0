import '@/styles/browse.css';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSearchParams } from '@/lib/search-params';
import { Button, ButtonLink, EmptyState, MarketIcon, PageHeader, LoadError, SelectField } from '@/components/ui';
import { FilterIcon } from '@/components/ui/commerce-icons';
import { Drawer } from '@/components/ui/drawer';
import { Pagination } from '@/components/ui/pagination';
import { ParHelp } from '@/components/ui/par-help';
import { useIsSignedIn, useSessionStore } from '@/lib/session-store';
import { useMarket } from '../api/get-market';
import { CollectionFilter } from '../components/collection-filter';
import { MarketSearch } from '../components/market-search';
import { NftCard, NftGrid, NftGridSkeleton } from '../components/nft-card';
import { fromStoreFilter, isFiltered, MARKET_PAGE_SIZE, marketSearch, parseMarketParams, SORT_OPTIONS, withFilter, type MarketQuery, type MarketSort } from '../model/market-query';
import { NFT_EAGER_CARDS } from '../model/first-screen';
import { MARKET_DESCRIPTION, marketCount } from '../model/market-text';
import { PriceRangeForm } from '@/components/ui/price-range-form';

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
  const signedIn = useIsSignedIn();
  const data = market.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / MARKET_PAGE_SIZE)) : 1;

  useEffect(() => {
    if (data) useSessionStore.getState().setMarketProducts(data.items.map((item) => ({ id: String(item.id) })));
  }, [data]);

  const clear = () => go(withFilter(query, { search: '', category: 'all', priceFr: null, priceTo: null }));
  const [drawerOpen, setDrawerOpen] = useState(false);
  // What the Filters button counts: the parts that live in the drawer.
  const inDrawer = [query.category !== 'all', query.priceFr !== null || query.priceTo !== null].filter(Boolean).length;

  /** Collections and price: beside the grid on wide screens, in a drawer on phones (as the shop's filters). */
  const filters = (where: 'side' | 'drawer') => (
    <>
      <CollectionFilter collections={data?.collections} value={query.category} name={`collection-${where}`} onChange={(category) => go(withFilter(query, { category }))} />
      <PriceRangeForm
        key={where}
        value={{ priceFr: query.priceFr ?? undefined, priceTo: query.priceTo ?? undefined }}
        labels={{ priceFr: 'Price from', priceTo: 'Price to' }}
        orderMessage="Price to must not be below the price from"
        onApply={(range) => go(withFilter(query, { priceFr: range.priceFr ?? null, priceTo: range.priceTo ?? null }))}
      />
    </>
  );

  return (
    <>
      <PageHeader
        title="NFT market"
        description={MARKET_DESCRIPTION}
        actions={
          // A visitor of the open catalog (PUBLIC_CATALOG) owns none.
          signedIn && (
            <ButtonLink to="/my-nfts" variant="secondary">
              My NFTs
            </ButtonLink>
          )
        }
      />
      <ParHelp className="filter-par-help" />
      <div className="filter-layout market-layout">
        <aside className="filter-side market-side" aria-label="Filters">
          {filters('side')}
        </aside>
        <section className="filter-results" aria-labelledby="market-results">
          <div className="filter-toolbar">
            <MarketSearch value={query.search} onSearch={(search) => go(withFilter(query, { search }))} />
            <Button variant="secondary" className="filters-button" onClick={() => setDrawerOpen(true)} aria-haspopup="dialog">
              <FilterIcon size={18} />
              Filters{inDrawer > 0 && <span className="filter-count">{inDrawer}</span>}
            </Button>
          </div>
          <div className="filter-summary">
            <div className="market-count-row">
              <h2 id="market-results" className="market-count" aria-live="polite">
                {data ? marketCount(data.total, isFiltered(query)) : 'Loading NFTs…'}
              </h2>
              {isFiltered(query) && (
                <Button variant="ghost" size="sm" onClick={clear}>
                  Clear filters
                </Button>
              )}
            </div>
            <SelectField className="filter-sort" label="Sort by" name="sort" options={SORT_OPTIONS} value={query.sort} onChange={(e) => go(withFilter(query, { sort: e.target.value as MarketSort }))} />
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
                    <NftCard nft={nft} eager={i < NFT_EAGER_CARDS} />
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

      {drawerOpen && (
        <Drawer
          title="Filters"
          onClose={() => setDrawerOpen(false)}
          footer={
            <Button block onClick={() => setDrawerOpen(false)}>
              {data ? `Show ${data.total} ${data.total === 1 ? 'NFT' : 'NFTs'}` : 'Show NFTs'}
            </Button>
          }
        >
          <div className="filter-drawer-body">{filters('drawer')}</div>
        </Drawer>
      )}
    </>
  );
}
