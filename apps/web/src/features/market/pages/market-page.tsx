import { PageHeader } from '@/components/ui';

export default function MarketPage() {
  return <PageHeader title="NFT market" description="Discover NFTs listed for sale and filter them by collection, search text and price in par." />;
}
