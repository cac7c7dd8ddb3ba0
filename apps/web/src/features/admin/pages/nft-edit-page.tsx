import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ButtonLink, EmptyState, PageHeader, Skeleton, SuccessNotice } from '@/components/ui';
import { ChevronLeftIcon } from '@/components/ui/commerce-icons';
import { useNft } from '../api/nfts';
import { LoadError } from '../components/load-error';
import { NftForm } from '../components/nft-form';
import styles from '../components/admin.module.css';

/** /admin/nfts/new and /admin/nfts/:id: one page, one chunk. */
export default function NftEditPage() {
  // Both routes render this component: a new key when the id changes (e.g. after creating) starts the page afresh.
  const { id: idText } = useParams();
  return <Editor key={idText ?? 'new'} idText={idText} />;
}

function Editor({ idText }: { idText: string | undefined }) {
  const navigate = useNavigate();
  const arrivedWith = (useLocation().state as { notice?: string } | null)?.notice ?? null;
  const [notice, setNotice] = useState<string | null>(arrivedWith);
  const id = idText === undefined ? null : Number(idText);
  const nft = useNft(id ?? 0);

  const back = (
    <Link to="/admin/nfts" className={styles.back}>
      <ChevronLeftIcon size={18} />
      All NFTs
    </Link>
  );

  if (id === null) {
    return (
      <>
        {back}
        <PageHeader title="Mint an NFT" documentTitle="Admin · Mint an NFT" description="The new NFT belongs to the platform; when listed, members can buy it in the market." />
        <NftForm onSaved={(n) => void navigate(`/admin/nfts/${n.id}`, { replace: true, state: { notice: `“${n.name}” was minted.` } })} />
      </>
    );
  }

  if (!Number.isSafeInteger(id) || id <= 0 || nft.error?.name === 'NotFoundError') {
    return (
      <>
        {back}
        <PageHeader title="NFT not found" documentTitle="Admin · NFT not found" />
        <EmptyState title="There is no NFT with this id" action={<ButtonLink to="/admin/nfts">See all NFTs</ButtonLink>}>
          It may have been typed wrong, or the link is old.
        </EmptyState>
      </>
    );
  }

  const n = nft.data;
  return (
    <>
      {back}
      <PageHeader title={n ? n.name : 'Edit NFT'} documentTitle={`Admin · ${n ? n.name : 'Edit NFT'}`} description={n ? `NFT #${n.id} in ${n.collection.name}.` : undefined} />
      <SuccessNotice message={notice} className={styles.notice} />
      {nft.isError ? (
        <LoadError what="this NFT" error={nft.error} onRetry={() => void nft.refetch()} />
      ) : !n ? (
        <div aria-busy="true" aria-label="Loading the NFT">
          <Skeleton height={420} />
        </div>
      ) : (
        <NftForm key={n.id} nft={n} onSaved={(saved) => setNotice(`Changes to “${saved.name}” were saved.`)} />
      )}
    </>
  );
}
