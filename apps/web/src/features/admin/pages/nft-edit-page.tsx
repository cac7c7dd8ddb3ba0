import { useParams } from 'react-router';
import { useNft } from '../api/nfts';
import { NftForm } from '../components/nft-form';
import { RecordEditor } from '../components/record-editor';

/** /admin/nfts/new and /admin/nfts/:id: one page, one chunk. */
export default function NftEditPage() {
  // Both routes render this component: a new key when the id changes (e.g. after minting) starts the page afresh.
  const { id } = useParams();
  return (
    <RecordEditor
      key={id ?? 'new'}
      idText={id}
      noun="NFT"
      plural="NFTs"
      listPath="/admin/nfts"
      create={{ title: 'Mint an NFT', description: 'The new NFT belongs to the platform; when listed, members can buy it in the market.', done: 'minted' }}
      useRecord={useNft}
      describe={(n) => `NFT #${n.id} in ${n.collection.name}.`}
      form={(nft, onSaved) => <NftForm key={nft?.id ?? 'new'} nft={nft} onSaved={onSaved} />}
    />
  );
}
