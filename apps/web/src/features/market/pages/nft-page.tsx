import { PageHeader } from '@/components/ui';

export default function NftPage() {
  return <PageHeader title="NFT details" description="The artwork, attributes, price and ownership history of this NFT, with the way to buy it." />;
}
