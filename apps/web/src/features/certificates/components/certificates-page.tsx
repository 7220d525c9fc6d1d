import { isAtLeastEstManager } from '@inscrio/shared';
import { useTranslation } from 'react-i18next';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { useAuth } from '@/lib/auth-store';
import { CertificatesBulkPanel } from './certificates-bulk-panel';
import { FamilyCertificatesPanel } from './family-certificates-panel';

/**
 * `/documents/certificates` (until the documents page places the panels): a family's certificates, or
 * the managers' bulk certificates.
 */
export function CertificatesPage() {
  const { t } = useTranslation('certificates');
  const { user } = useAuth();
  const manager = isAtLeastEstManager(user);
  return (
    <PageContainer className={manager ? 'max-w-6xl' : 'max-w-3xl'}>
      <PageHeader
        title={t('title')}
        description={manager ? t('bulk.description') : t('family.description')}
      />
      {manager ? <CertificatesBulkPanel /> : <FamilyCertificatesPanel />}
    </PageContainer>
  );
}
