import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';

/**
 * A page the signed-in account may not use: its title and why, nothing to click that the API would
 * refuse (no actions, no filters, no retry of a request bound to fail).
 */
export function AccessDenied({ title, reason }: { title: string; reason: string }) {
  return (
    <PageContainer>
      <PageHeader title={title} />
      <Alert tone="warning" data-access-denied="">
        {reason}
      </Alert>
    </PageContainer>
  );
}
