import { PageHeader } from '@/components/ui';

export default function WalletPage() {
  return <PageHeader title="Wallet" description="Your par, meta and premium balances, with top-ups, transfers, conversions and the history of every movement." />;
}
