import { PageHeader } from '@/components/ui';

export default function CardsPage() {
  return <PageHeader title="Cards" description="Your saved payment cards. Only the brand, the last four digits and the expiry date are kept." />;
}
