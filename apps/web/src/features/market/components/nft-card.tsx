import '@/styles/browse.css';
import type { NftSummary } from '@parmeta/contracts';
import { useRef, type ReactNode } from 'react';
import { Badge, Link, Skeleton } from '@/components/ui';
import { formatAsset } from '@/features/wallet';
import { useMarkFirstScreen } from '@/lib/first-screen';
import { imageSrcSet } from '@/lib/image-variants';
import { useImagesShown } from '@/lib/use-images-shown';
import { NFT_EAGER_CARDS, NFT_GRID_IMAGE_SIZES } from '../model/first-screen';

interface NftCardProps {
  nft: NftSummary;
  /** The first row of the grid loads at once; the rest when scrolled near. */
  eager?: boolean;
  /** Controls under the card (My NFTs: list or remove from sale). */
  footer?: ReactNode;
  /** What the badge row says instead of the market's Reserved / Yours. */
  badges?: ReactNode;
}

/** A tile of the grid: image, name, collection, price; the whole tile is one link to the NFT. */
export function NftCard({ nft, eager = false, footer, badges }: NftCardProps) {
  const srcSet = imageSrcSet(nft.image);
  return (
    <article className="nft-card" aria-labelledby={`nft-${nft.id}-name`}>
      <div className="nft-card-media">
        <img
          className="nft-card-image"
          src={nft.image}
          srcSet={srcSet}
          sizes={srcSet ? NFT_GRID_IMAGE_SIZES : undefined}
          width={800}
          height={800}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          // The first row is the page's largest paint; the early script preloads it at this priority too.
          fetchPriority={eager ? 'high' : undefined}
          decoding="async"
        />
        <div className="nft-card-badges">
          {badges ?? (
            <>
              {nft.ownedByMe && <Badge tone="brand">Yours</Badge>}
              {nft.reservedByMe ? <Badge tone="gold">Reserved for you</Badge> : nft.reserved && !nft.ownedByMe && <Badge tone="gold">Reserved</Badge>}
            </>
          )}
        </div>
      </div>
      <div className="nft-card-body">
        <p className="nft-card-collection">{nft.collection.name}</p>
        <h3 id={`nft-${nft.id}-name`} className="nft-card-name">
          <Link to={`/nft/${nft.id}`} className="nft-card-link">
            {nft.name}
          </Link>
        </h3>
        <p className="nft-card-price">
          {nft.listed ? (
            <>
              <span className="sr-only">Price: </span>
              {formatAsset(nft.price)}
            </>
          ) : (
            <span className="nft-card-not-for-sale">Not for sale</span>
          )}
        </p>
      </div>
      {footer && <div className="nft-card-footer">{footer}</div>}
    </article>
  );
}

/** Placeholders of the cards' size while the grid loads. */
export function NftGridSkeleton({ count }: { count: number }) {
  return (
    <ul className="nft-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="nft-card">
          <Skeleton className="nft-card-media-skeleton" height="auto" />
          <div className="nft-card-body">
            <Skeleton width="40%" height={14} />
            <Skeleton width="75%" height={20} />
            <Skeleton width="35%" height={20} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The grid the cards sit in. */
export function NftGrid({ children, busy = false, label }: { children: ReactNode; busy?: boolean; label: string }) {
  const list = useRef<HTMLUListElement>(null);
  useMarkFirstScreen(useImagesShown(list, NFT_EAGER_CARDS));
  return (
    <ul ref={list} className="nft-grid" aria-label={label} aria-busy={busy || undefined}>
      {children}
    </ul>
  );
}
