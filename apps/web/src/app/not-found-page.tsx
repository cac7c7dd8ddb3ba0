import { ButtonLink, PageHeader } from '@/components/ui';

export default function NotFoundPage() {
  return (
    <PageHeader
      title="Page not found"
      description="There is no page at this address. It may have moved, or the link may be mistyped."
      actions={<ButtonLink to="/">Back to the home page</ButtonLink>}
    />
  );
}
