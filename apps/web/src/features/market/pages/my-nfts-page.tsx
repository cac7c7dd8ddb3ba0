import { PageHeader } from '@/components/ui';

export default function MyNftsPage() {
  return <PageHeader title="My NFTs" description="The NFTs you own and the ones you have listed for sale." />;
}
