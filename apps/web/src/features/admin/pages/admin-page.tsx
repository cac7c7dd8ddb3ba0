import { PageHeader } from '@/components/ui';

export default function AdminPage() {
  return <PageHeader title="Admin" description="Manage products and NFT items, advance orders through their states and settle payout requests." />;
}
