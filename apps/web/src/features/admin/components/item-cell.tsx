import type { AdminNft, AdminProduct } from '@parmeta/contracts';
import styles from './admin.module.css';
import { Link } from '@/components/ui';
import { smallImage } from '@/lib/image-variants';

/** A product in a table: its main image (the small copy: it is shown at 44 px), its name linking to the edit page, its slug. */
export function ProductCell({ product }: { product: Pick<AdminProduct, 'id' | 'name' | 'slug' | 'images'> }) {
  return (
    <div className={styles.item}>
      {product.images[0] ? <img src={smallImage(product.images[0])} alt="" width={44} height={44} loading="lazy" decoding="async" className={styles.thumb} /> : <span className={styles.thumb} />}
      <span className={styles.itemText}>
        <Link to={`/admin/products/${product.id}`} className={styles.itemName}>
          {product.name}
        </Link>
        <span className={styles.clip}>{product.slug}</span>
      </span>
    </div>
  );
}

/** An NFT in a table, as ProductCell. */
export function NftCell({ nft }: { nft: Pick<AdminNft, 'id' | 'name' | 'slug' | 'image'> }) {
  return (
    <div className={styles.item}>
      <img src={smallImage(nft.image)} alt="" width={44} height={44} loading="lazy" decoding="async" className={styles.thumb} />
      <span className={styles.itemText}>
        <Link to={`/admin/nfts/${nft.id}`} className={styles.itemName}>
          {nft.name}
        </Link>
        <span className={styles.clip}>{nft.slug}</span>
      </span>
    </div>
  );
}
