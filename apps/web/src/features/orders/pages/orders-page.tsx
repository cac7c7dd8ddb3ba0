import { PageHeader } from '@/components/ui';

export default function OrdersPage() {
  return <PageHeader title="Your orders" description="Every order you have placed, with its status, its total and a link to its details." />;
}
