import { useState } from 'react';
import { Badge, ButtonLink, EmptyState, MarketIcon, PageHeader, SuccessNotice, LoadError } from '@/components/ui';
import { useMyNfts } from '../api/get-my-nfts';
import { ListingControls } from '../components/listing-controls';
import { NftCard, NftGrid, NftGridSkeleton } from '../components/nft-card';
import { NFT_EAGER_CARDS } from '../model/first-screen';
import styles from './my-nfts-page.module.css';
import { PAGE_HEADS } from '@/lib/page-heads';

export default function MyNftsPage() {
  const mine = useMyNfts();
  const [notice, setNotice] = useState('');
  const items = mine.data ?? [];
  const listed = items.filter((n) => n.listed).length;

  return (
    <>
      <PageHeader
        {...PAGE_HEADS['/my-nfts']}
        actions={
          <ButtonLink to="/market" variant="secondary">
            Browse the market
          </ButtonLink>
        }
      />
      <div className={styles.page}>
        <SuccessNotice message={notice} />
        {mine.isPending ? (
          <NftGridSkeleton count={4} />
        ) : mine.isError ? (
          <LoadError what="your NFTs" error={mine.error} onRetry={() => void mine.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState
            title="You do not own any NFTs yet"
            icon={<MarketIcon />}
            action={
              <ButtonLink to="/market" variant="secondary">
                Find one in the market
              </ButtonLink>
            }
          >
            NFTs you buy with par or by card appear here, ready to keep or to sell on.
          </EmptyState>
        ) : (
          <>
            <p className={styles.count}>
              {items.length} {items.length === 1 ? 'NFT' : 'NFTs'} · {listed} for sale
            </p>
            <NftGrid label="Your NFTs">
              {items.map((nft, i) => (
                <li key={nft.id}>
                  <NftCard
                    nft={nft}
                    eager={i < NFT_EAGER_CARDS}
                    badges={nft.listed ? <Badge tone="success">{nft.reserved ? 'Reserved by a buyer' : 'For sale'}</Badge> : false}
                    footer={<ListingControls nft={nft} onDone={setNotice} />}
                  />
                </li>
              ))}
            </NftGrid>
          </>
        )}
      </div>
    </>
  );
}
