import { type DocumentListItem, isAtLeastEstManager, isAtLeastOrgManager } from '@inscrio/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { useAuth } from '@/lib/auth-store';
import { DocumentsList } from './documents-list';
import { LegalDocumentsCard, PublishDialog } from './legal-documents-card';
import { ReportsCard } from './reports-card';
import { CertificatesBulkPanel, FamilyCertificatesPanel } from '@/features/certificates';

/**
 * `/documents`: one list per viewer. A family sees its invoices, credit notes, orders, certificates and
 * the club's published legal documents; managers see every document, run reports, and organisation
 * managers upload and publish the legal documents.
 */
export function DocumentsPage() {
  const { t } = useTranslation('documents');
  const { user } = useAuth();
  const manager = isAtLeastEstManager(user);
  const legal = isAtLeastOrgManager(user);
  const [publishing, setPublishing] = useState<DocumentListItem | null>(null);
  return (
    <PageContainer className={manager ? 'max-w-7xl' : 'max-w-4xl'}>
      <PageHeader
        title={t('title')}
        description={manager ? t('description.manager') : t('description.family')}
      />
      <section aria-labelledby="documents-certificates" className="space-y-3">
        <h2 id="documents-certificates" className="text-xl font-semibold text-slate-900">
          {t('certificates')}
        </h2>
        {manager ? <CertificatesBulkPanel /> : <FamilyCertificatesPanel />}
      </section>
      {manager ? <ReportsCard /> : null}
      {legal ? <LegalDocumentsCard /> : null}
      <DocumentsList manager={manager} onPublish={legal ? setPublishing : undefined} />
      {legal ? <PublishDialog item={publishing} onClose={() => setPublishing(null)} /> : null}
    </PageContainer>
  );
}
