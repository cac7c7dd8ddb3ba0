import { useParams } from 'react-router';
import { PageHeader } from '@/components/ui';

export default function OrderDetailPage() {
  const { orderNo = '' } = useParams();
  return (
    <PageHeader
      title={`Order ${orderNo}`}
      description="The products, shipping details, payment and status history of this order, and the way to cancel it while that is still possible."
    />
  );
}
