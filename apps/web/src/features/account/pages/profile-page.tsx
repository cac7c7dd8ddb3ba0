import { PageHeader } from '@/components/ui';

export default function ProfilePage() {
  return <PageHeader title="Profile" description="Your name, contact details, photo and member class." />;
}
