import { PageHeader } from '@/components/ui';

export default function CheckoutPage() {
  return <PageHeader title="Checkout" description="Enter your shipping details, check the order total and pay with your par balance or a card." />;
}
