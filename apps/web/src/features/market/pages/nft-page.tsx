import { nftMetadataPath } from '@parmeta/contracts';
import { useCallback, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { Badge, Button, ButtonLink, EmptyState, ErrorNotice, Link, MarketIcon, Skeleton } from '@/components/ui';
import { loginPathFor } from '@/features/auth';
import { formatAsset } from '@/features/wallet';
import { SignInToBuy } from '@/components/ui/sign-in-to-buy';
import { useIsSignedIn } from '@/lib/session-store';
import { isApiFailure, failureMessage } from '@/lib/call-api';
import { nftFirstScreen } from '@/lib/first-data';
import { usePageTitle } from '@/lib/page-title';
import { useNft } from '../api/get-nft';
import { collectionPath } from '../model/first-screen';
import { Attributes } from '../components/attributes';
import { BuyPanel, OwnedNote } from '../components/buy-panel';
import { Provenance } from '../components/provenance';
import styles from './nft-page.module.css';

export default function NftPage() {
  const id = Number(useParams().id);
  const nft = useNft(id);
  const [firstScreen] = useState(() => nftFirstScreen(id));
  const [bought, setBought] = useState<string | null>(null);
  const onBought = useCallback((message: string) => setBought(message), []);
  usePageTitle(nft.data?.name ?? 'NFT details');
  const signedIn = useIsSignedIn();
  const location = useLocation();

  if (!(Number.isSafeInteger(id) && id > 0) || (isApiFailure(nft.error) && nft.error.code === 'NOT_FOUND')) {
    return (
      <div className={styles.missing}>
        <EmptyState
          title="This NFT does not exist"
          icon={<MarketIcon />}
          action={
            <ButtonLink to="/market" variant="secondary">
              Back to the market
            </ButtonLink>
          }
        >
          It may have been removed, or the link is mistyped.
        </EmptyState>
      </div>
    );
  }
  if (nft.isError && !nft.data) {
    return (
      <div className={styles.missing}>
        <ErrorNotice message={`We could not load this NFT. ${failureMessage(nft.error, { fieldsHint: false })}`} />
        <Button variant="secondary" onClick={() => void nft.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const data = nft.data;
  // Until the member's own view arrives, what the page's HTML brought of it (its first screen).
  const shown = data ?? (firstScreen?.id === id ? firstScreen.data : undefined);

  return (
    <article className="nft-page" aria-busy={data ? undefined : true}>
      <nav aria-label="Breadcrumb" className="nft-crumbs">
        <Link to="/market">Market</Link>
        <span aria-hidden="true">/</span>
        {shown ? <Link to={collectionPath(shown.collection.slug)}>{shown.collection.name}</Link> : <Skeleton width={120} height={16} />}
      </nav>

      <div className="nft-top">
        <div className="nft-media">
          {shown ? <img className="nft-image" src={shown.image} width={800} height={800} alt={shown.name} fetchPriority="high" decoding="sync" /> : <Skeleton className={styles.imageSkeleton} height="auto" />}
        </div>

        <div className={styles.summary}>
          {data ? (
            <>
              <p className={styles.collection}>{data.collection.name}</p>
              <h1 className={styles.name}>{data.name}</h1>
              <p className={styles.owner}>
                <span>
                  Owned by <strong>{data.ownedByMe ? 'you' : data.owner}</strong>
                </span>
                {data.reserved && !data.ownedByMe && <Badge tone="gold">{data.reservedByMe ? 'Reserved for you' : 'Reserved'}</Badge>}
              </p>
              <div className={styles.priceBox}>
                <p className={styles.priceLabel}>Price</p>
                {data.listed ? <p className={styles.price}>{formatAsset(data.price)}</p> : <p className={styles.unlisted}>Not for sale</p>}
              </div>
              {/* A visitor of the open catalog (PUBLIC_CATALOG) signs in here and comes back. */}
              {!signedIn ? (
                data.listed && <SignInToBuy to={loginPathFor(location.pathname + location.search)} />
              ) : bought || data.ownedByMe ? (
                <OwnedNote message={bought} />
              ) : (
                <BuyPanel key={data.id} nft={data} onBought={onBought} />
              )}
            </>
          ) : (
            <div className={styles.summarySkeleton}>
              <Skeleton width="40%" height={16} />
              <Skeleton width="70%" height={34} />
              <Skeleton width="50%" height={18} />
              <Skeleton height={96} />
              <Skeleton height={48} />
            </div>
          )}
        </div>
      </div>

      <div className={styles.details}>
        <section className={styles.section} aria-labelledby="nft-about">
          <h2 id="nft-about" className={styles.heading}>
            About
          </h2>
          {data ? <p className={styles.description}>{data.description}</p> : <Skeleton height={60} />}
        </section>
        <section className={styles.section} aria-labelledby="nft-traits">
          <h2 id="nft-traits" className={styles.heading}>
            Traits
          </h2>
          {data ? <Attributes attributes={data.attributes} /> : <Skeleton height={120} />}
          {/* The token's ERC-721 metadata, as wallets and marketplaces read it: a stable public address. */}
          <a className={styles.metadata} href={nftMetadataPath(id)} target="_blank" rel="noopener">
            Metadata (ERC-721 JSON)
          </a>
        </section>
        <section className={styles.section} aria-labelledby="nft-history">
          <h2 id="nft-history" className={styles.heading}>
            Ownership history
          </h2>
          {data ? <Provenance events={data.provenance} /> : <Skeleton height={80} />}
        </section>
      </div>
    </article>
  );
}
