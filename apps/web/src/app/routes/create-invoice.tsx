import { CreateDocumentPage } from '@/features/accounting';

export function Component() {
  return <CreateDocumentPage kind="invoice" />;
}
