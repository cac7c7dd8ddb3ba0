import type { AdminProduct } from '@parmeta/contracts';
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { useSearchParams } from '@/lib/search-params';
import { Button, ButtonLink, EmptyState, PageHeader, PencilIcon, PlusIcon, SuccessNotice, LoadError } from '@/components/ui';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Pagination } from '@/components/ui/pagination';
import { Price } from '@/components/ui/price';
import { useCategories } from '../api/categories';
import { useProducts } from '../api/products';
import { ProductCell } from '../components/item-cell';
import { SearchForm } from '../components/search-form';
import { StatusPill } from '../components/status-pill';
import { StockEditor } from '../components/stock-editor';
import { formatDate, formatDateTime, isoDate, pageCountOf, pageFrom, plural } from '../model/format';
import styles from '../components/admin.module.css';
import { ResultCount } from '../components/result-count';
import { groupDigits } from '@/lib/date-text';
import { ADMIN_HEADS } from '../model/admin-heads';

// The dialog checks its form with the admin contract's schemas: loaded when the admin comes to
// this section (pointer or focus), not with the page.
const loadCategoryDialog = () => import('../components/category-dialog');
const CategoryDialog = lazy(() => loadCategoryDialog().then((m) => ({ default: m.CategoryDialog })));

const columns: Column<AdminProduct>[] = [
  { key: 'product', header: 'Product', primary: true, width: '34%', cell: (p) => <ProductCell product={p} /> },
  { key: 'category', header: 'Category', cell: (p) => p.category.name },
  { key: 'price', header: 'Price', align: 'end', cell: (p) => <Price value={p.price} className={styles.nowrap} /> },
  { key: 'status', header: 'Status', cell: (p) => (p.active ? <StatusPill tone="success">Active</StatusPill> : <StatusPill tone="neutral">Hidden</StatusPill>) },
  {
    key: 'updated',
    header: 'Updated',
    cell: (p) => (
      <time dateTime={isoDate(p.updatedAt)} title={formatDateTime(p.updatedAt)} className={styles.nowrap}>
        {formatDate(p.updatedAt)}
      </time>
    ),
  },
  { key: 'stock', header: 'Stock', align: 'end', width: '200px', cell: (p) => <StockEditor product={p} /> },
];

type Category = { slug: string; name: string; position: number; productCount: number };

export default function ProductsPage() {
  const [params, setParams] = useSearchParams();
  const notice = (useLocation().state as { notice?: string } | null)?.notice ?? null;
  const page = pageFrom(params.get('page'));
  const search = (params.get('search') ?? '').trim();
  const products = useProducts(page, search);
  const data = products.data;

  const hrefFor = (p: number) => {
    const next = new URLSearchParams(params);
    if (p > 1) next.set('page', String(p));
    else next.delete('page');
    const text = next.toString();
    return text ? `/admin/products?${text}` : '/admin/products';
  };

  return (
    <>
      <PageHeader
        {...ADMIN_HEADS['/admin/products']}
        actions={
          <ButtonLink to="/admin/products/new">
            <PlusIcon size={18} />
            New product
          </ButtonLink>
        }
      />
      <SuccessNotice message={notice} className={styles.notice} />
      <div className={styles.toolbar}>
        <SearchForm
          label="Search products"
          placeholder="Name or slug"
          value={search}
          onSearch={(text) => setParams(text ? { search: text } : {})}
        />
        <ResultCount>{data && (search ? `${plural(data.total, 'product')} found` : plural(data.total, 'product'))}</ResultCount>
      </div>
      {products.isError && !data ? (
        <LoadError what="the products" error={products.error} onRetry={() => void products.refetch()} />
      ) : (
        <DataTable
          caption="Products"
          columns={columns}
          rows={data?.items}
          rowKey={(p) => p.id}
          stale={products.isPlaceholderData}
          empty={
            <EmptyState title={search ? 'No product matches' : 'No products yet'} action={search ? <ButtonLink to="/admin/products" variant="secondary">Show all products</ButtonLink> : <ButtonLink to="/admin/products/new">Add the first product</ButtonLink>}>
              {search ? `Nothing is called or slugged “${search}”.` : 'Products you add show here and in the shop.'}
            </EmptyState>
          }
        />
      )}
      {data && (
        <div className={styles.pages}>
          <Pagination label="Product pages" page={data.page} pageCount={pageCountOf(data.total, data.pageSize)} hrefFor={hrefFor} />
        </div>
      )}
      <Categories />
    </>
  );
}

function Categories() {
  const categories = useCategories();
  const [editing, setEditing] = useState<Category | 'new' | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const list = categories.data;

  const categoryColumns: Column<Category>[] = [
    { key: 'name', header: 'Name', primary: true, cell: (c) => <strong>{c.name}</strong> },
    { key: 'slug', header: 'Slug', cell: (c) => <span className={styles.mono}>{c.slug}</span> },
    { key: 'position', header: 'Position', align: 'end', cell: (c) => c.position },
    { key: 'count', header: 'Products', align: 'end', cell: (c) => groupDigits(c.productCount) },
    {
      key: 'actions',
      header: 'Actions',
      hideHeader: true,
      align: 'end',
      cell: (c) => (
        <Button size="sm" variant="secondary" aria-label={`Edit category ${c.name}`} onClick={() => setEditing(c)}>
          <PencilIcon size={16} />
          Edit
        </Button>
      ),
    },
  ];

  return (
    <section className={styles.section} aria-labelledby="categories-heading" onPointerEnter={() => void loadCategoryDialog()} onFocus={() => void loadCategoryDialog()}>
      <div className={styles.toolbar}>
        <h2 id="categories-heading">Categories</h2>
        <Button variant="secondary" onClick={() => setEditing('new')}>
          <PlusIcon size={18} />
          Add category
        </Button>
      </div>
      <SuccessNotice message={saved} className={styles.notice} />
      {categories.isError && !list ? (
        <LoadError what="the categories" error={categories.error} onRetry={() => void categories.refetch()} />
      ) : (
        <DataTable
          caption="Categories"
          columns={categoryColumns}
          rows={list}
          rowKey={(c) => c.slug}
          skeletonRows={3}
          empty={<EmptyState title="No categories yet">Every product belongs to a category: add one first.</EmptyState>}
        />
      )}
      {editing && (
        <Suspense fallback={null}>
          <CategoryDialog
            category={editing === 'new' ? undefined : editing}
            nextPosition={(list ?? []).reduce((max, c) => Math.max(max, c.position + 1), 0)}
            onClose={() => setEditing(null)}
            onSaved={(name) => {
              setEditing(null);
              setSaved(`Category “${name}” saved.`);
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
