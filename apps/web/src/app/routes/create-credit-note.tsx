import { CreateDocumentPage } from '@/features/accounting/components/create-document-page';

export function Component() {
  return <CreateDocumentPage kind="credit-note" />;
}
