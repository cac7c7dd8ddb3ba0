import { PageHeader } from '@/components/ui';

export default function ProductPage() {
  return <PageHeader title="Product details" description="Photos, description, price and stock of this product, with the way to add it to your cart." />;
}
