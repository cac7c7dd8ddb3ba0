import type { AdminNft } from '@parmeta/contracts';
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { useSearchParams } from '@/lib/search-params';
import { Button, ButtonLink, EmptyState, PageHeader, PencilIcon, PlusIcon, SuccessNotice, LoadError } from '@/components/ui';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Pagination } from '@/components/ui/pagination';
import { Price } from '@/components/ui/price';
import { useCollections } from '../api/collections';
import { useNfts } from '../api/nfts';
import { NftCell } from '../components/item-cell';
import { SearchForm } from '../components/search-form';
import { StatusPill } from '../components/status-pill';
import { pageCountOf, pageFrom, plural } from '../model/format';
import styles from '../components/admin.module.css';
import { ResultCount } from '../components/result-count';
import { groupDigits } from '@/lib/date-text';
import { ADMIN_HEADS } from '../model/admin-heads';

// The dialog checks its form with the admin contract's schemas: loaded when the admin comes to
// this section (pointer or focus), not with the page.
const loadCollectionDialog = () => import('../components/collection-dialog');
const CollectionDialog = lazy(() => loadCollectionDialog().then((m) => ({ default: m.CollectionDialog })));

const columns: Column<AdminNft>[] = [
  { key: 'nft', header: 'NFT', primary: true, width: '32%', cell: (n) => <NftCell nft={n} /> },
  { key: 'collection', header: 'Collection', cell: (n) => n.collection.name },
  { key: 'owner', header: 'Owner', cell: (n) => <span className={`${styles.sub} ${styles.nowrap}`}>{n.owner}</span> },
  { key: 'traits', header: 'Traits', align: 'end', cell: (n) => n.attributes.length },
  { key: 'price', header: 'Price', align: 'end', cell: (n) => <Price value={n.price} className={styles.nowrap} /> },
  { key: 'listed', header: 'Market', cell: (n) => (n.listed ? <StatusPill tone="success">Listed</StatusPill> : <StatusPill tone="neutral">Not listed</StatusPill>) },
  {
    key: 'actions',
    header: 'Actions',
    hideHeader: true,
    align: 'end',
    cell: (n) => (
      <ButtonLink to={`/admin/nfts/${n.id}`} size="sm" variant="secondary" aria-label={`Edit ${n.name}`}>
        <PencilIcon size={16} />
        Edit
      </ButtonLink>
    ),
  },
];

type Collection = { slug: string; name: string; description: string; count: number };

export default function NftsPage() {
  const [params, setParams] = useSearchParams();
  const notice = (useLocation().state as { notice?: string } | null)?.notice ?? null;
  const page = pageFrom(params.get('page'));
  const search = (params.get('search') ?? '').trim();
  const nfts = useNfts(page, search);
  const data = nfts.data;

  const hrefFor = (p: number) => {
    const next = new URLSearchParams(params);
    if (p > 1) next.set('page', String(p));
    else next.delete('page');
    const text = next.toString();
    return text ? `/admin/nfts?${text}` : '/admin/nfts';
  };

  return (
    <>
      <PageHeader
        {...ADMIN_HEADS['/admin/nfts']}
        actions={
          <ButtonLink to="/admin/nfts/new">
            <PlusIcon size={18} />
            Mint NFT
          </ButtonLink>
        }
      />
      <SuccessNotice message={notice} className={styles.notice} />
      <div className={styles.toolbar}>
        <SearchForm label="Search NFTs" placeholder="Name or slug" value={search} onSearch={(text) => setParams(text ? { search: text } : {})} />
        <ResultCount>{data && (search ? `${plural(data.total, 'NFT')} found` : plural(data.total, 'NFT'))}</ResultCount>
      </div>
      {nfts.isError && !data ? (
        <LoadError what="the NFTs" error={nfts.error} onRetry={() => void nfts.refetch()} />
      ) : (
        <DataTable
          caption="NFTs"
          columns={columns}
          rows={data?.items}
          rowKey={(n) => n.id}
          stale={nfts.isPlaceholderData}
          empty={
            <EmptyState title={search ? 'No NFT matches' : 'No NFTs yet'} action={search ? <ButtonLink to="/admin/nfts" variant="secondary">Show all NFTs</ButtonLink> : <ButtonLink to="/admin/nfts/new">Mint the first NFT</ButtonLink>}>
              {search ? `Nothing is called or slugged “${search}”.` : 'Minted NFTs show here and, when listed, in the market.'}
            </EmptyState>
          }
        />
      )}
      {data && (
        <div className={styles.pages}>
          <Pagination label="NFT pages" page={data.page} pageCount={pageCountOf(data.total, data.pageSize)} hrefFor={hrefFor} />
        </div>
      )}
      <Collections />
    </>
  );
}

function Collections() {
  const collections = useCollections();
  const [editing, setEditing] = useState<Collection | 'new' | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const list = collections.data;

  const collectionColumns: Column<Collection>[] = [
    { key: 'name', header: 'Name', primary: true, cell: (c) => <strong>{c.name}</strong> },
    { key: 'slug', header: 'Slug', cell: (c) => <span className={styles.mono}>{c.slug}</span> },
    { key: 'description', header: 'Description', cell: (c) => <span className={styles.sub}>{c.description || '—'}</span> },
    { key: 'count', header: 'NFTs', align: 'end', cell: (c) => groupDigits(c.count) },
    {
      key: 'actions',
      header: 'Actions',
      hideHeader: true,
      align: 'end',
      cell: (c) => (
        <Button size="sm" variant="secondary" aria-label={`Edit collection ${c.name}`} onClick={() => setEditing(c)}>
          <PencilIcon size={16} />
          Edit
        </Button>
      ),
    },
  ];

  return (
    <section className={styles.section} aria-labelledby="collections-heading" onPointerEnter={() => void loadCollectionDialog()} onFocus={() => void loadCollectionDialog()}>
      <div className={styles.toolbar}>
        <h2 id="collections-heading">Collections</h2>
        <Button variant="secondary" onClick={() => setEditing('new')}>
          <PlusIcon size={18} />
          New collection
        </Button>
      </div>
      <SuccessNotice message={saved} className={styles.notice} />
      {collections.isError && !list ? (
        <LoadError what="the collections" error={collections.error} onRetry={() => void collections.refetch()} />
      ) : (
        <DataTable
          caption="Collections"
          columns={collectionColumns}
          rows={list}
          rowKey={(c) => c.slug}
          skeletonRows={3}
          empty={<EmptyState title="No collections yet">Every NFT belongs to a collection: create one first.</EmptyState>}
        />
      )}
      {editing && (
        <Suspense fallback={null}>
          <CollectionDialog
            collection={editing === 'new' ? undefined : editing}
            onClose={() => setEditing(null)}
            onSaved={(c) => {
              setEditing(null);
              setSaved(`Collection “${c.name}” saved.`);
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
