import { PageHeader } from '@/components/ui';

export default function AddressesPage() {
  return <PageHeader title="Addresses" description="Your saved delivery addresses, and which one is your main address." />;
}
