import { PageHeader } from '@/components/ui';

export default function ShopPage() {
  return <PageHeader title="Shop" description="Browse every product in the catalog by category, search text and price, and add what you want to your cart." />;
}
