import '@/styles/browse.css';
import { useDeferredValue, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSearchParams } from '@/lib/search-params';
import { Button, EmptyState, PageHeader, SelectField, ShopIcon, LoadError } from '@/components/ui';
import { FilterIcon } from '@/components/ui/commerce-icons';
import { Drawer } from '@/components/ui/drawer';
import { Pagination } from '@/components/ui/pagination';
import { ParHelp } from '@/components/ui/par-help';
import { useProducts } from '../api/get-products';
import { ActiveFilters } from '../components/active-filters';
import { CategoryNav } from '../components/category-nav';
import { ProductGrid, ProductGridSkeleton } from '../components/product-grid';
import { SearchForm } from '../components/search-form';
import { parseShopParams } from '../model/parse-shop-params';
import { plural, SHOP_DESCRIPTION, shownRange } from '../model/shop-text';
import { isFiltered, SHOP_PAGE_SIZE, shopSearch, sortOptions, withFilter, type ShopQuery, type ShopSort } from '../model/shop-filter';
import styles from './shop-page.module.css';
import { PriceRangeForm } from '@/components/ui/price-range-form';

export default function ShopPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const filter = parseShopParams(params);
  // The list renders as a transition, in slices, when its data arrives: a query's update would
  // otherwise render the whole grid in one long task (Lighthouse's total blocking time).
  const products = useDeferredValue(useProducts(filter));
  const [drawerOpen, setDrawerOpen] = useState(false);

  const go = (next: ShopQuery) => void navigate({ pathname: '/shop', search: shopSearch(next) });
  const change = (part: Partial<ShopQuery>) => go(withFilter(filter, part));

  const data = products.data;
  const categories = data?.categories ?? null;
  const categoryName = categories?.find((c) => c.slug === filter.category)?.name;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const activeCount = [filter.search !== '', filter.category !== 'all', filter.priceFr !== undefined || filter.priceTo !== undefined].filter(Boolean).length;

  const filters = (where: string) => (
    <>
      <CategoryNav filter={filter} categories={categories} label={`Categories${where}`} />
      <PriceRangeForm
        key={where}
        value={{ priceFr: filter.priceFr, priceTo: filter.priceTo }}
        labels={{ priceFr: 'From', priceTo: 'To' }}
        orderMessage="To must be at least the From price"
        onApply={(range) => change(range)}
      />
    </>
  );

  const summary = data ? shownRange(data) : null;

  return (
    <>
      <PageHeader
        title={categoryName ?? 'Shop'}
        documentTitle={categoryName ? `${categoryName} · Shop` : 'Shop'}
        description={filter.category === 'all' ? SHOP_DESCRIPTION : undefined}
      />
      <ParHelp className="filter-par-help" />
      <div className="filter-layout">
        <aside className="filter-side shop-aside" aria-label="Filters">
          {filters('')}
        </aside>

        <section className="filter-results" aria-labelledby="shop-results">
          <h2 id="shop-results" className="sr-only">
            Products
          </h2>
          <div className="filter-toolbar">
            <SearchForm value={filter.search} onSearch={(search) => change({ search })} />
            <Button variant="secondary" className="filters-button" onClick={() => setDrawerOpen(true)} aria-haspopup="dialog">
              <FilterIcon size={18} />
              Filters{activeCount > 0 && <span className="filter-count">{activeCount}</span>}
            </Button>
          </div>
          <div className="filter-summary">
            <p className="shop-count" role="status">
              {products.isPending ? '' : summary ? (
                <>
                  <strong>{summary}</strong>
                  {filter.search && <> for “{filter.search}”</>}
                </>
              ) : (
                'No products'
              )}
            </p>
            <SelectField
              label="Sort by"
              className="filter-sort"
              value={filter.sort}
              options={sortOptions(filter.search)}
              onChange={(event) => change({ sort: event.target.value as ShopSort })}
            />
          </div>
          <ActiveFilters filter={filter} categoryName={categoryName} />

          {products.isPending ? (
            <ProductGridSkeleton count={SHOP_PAGE_SIZE} />
          ) : products.isError && !data ? (
            <LoadError what="the products" error={products.error} onRetry={() => void products.refetch()} />
          ) : data && data.items.length > 0 ? (
            <>
              <ProductGrid products={data.items} busy={products.isPlaceholderData} />
              <div className={styles.pages}>
                <Pagination page={data.page} pageCount={pageCount} label="Product pages" hrefFor={(page) => `/shop${shopSearch({ ...filter, page })}`} />
              </div>
            </>
          ) : (
            <EmptyState
              title={isFiltered(filter) ? 'No products match' : 'The shop is empty'}
              icon={<ShopIcon />}
              action={
                isFiltered(filter) ? (
                  <Button variant="secondary" onClick={() => go(withFilter(filter, { search: '', category: 'all', priceFr: undefined, priceTo: undefined }))}>
                    Clear filters
                  </Button>
                ) : undefined
              }
            >
              {isFiltered(filter) ? 'Try other words, another category or a wider price range.' : 'New products arrive soon.'}
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
              {data ? `Show ${plural(data.total, 'product', 'products')}` : 'Show products'}
            </Button>
          }
        >
          <div className="filter-drawer-body">{filters(' (filters panel)')}</div>
        </Drawer>
      )}
    </>
  );
}
