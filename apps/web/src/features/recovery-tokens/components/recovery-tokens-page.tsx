import { isAtLeastEstManager } from '@inscrio/shared';
import { useTranslation } from 'react-i18next';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { useAuth } from '@/lib/auth-store';
import { FamilyRecoveryTokens } from './family-recovery-tokens';
import { ManagerRecoveryTokens } from './manager-recovery-tokens';

/**
 * `/recovery-tokens` (Récupérations): a family's tokens per member, to use on another session; managers
 * see every token of the organisation, filter them, extend or cancel one.
 */
export function RecoveryTokensPage() {
  const { t } = useTranslation('recovery-tokens');
  const { user } = useAuth();
  const manager = isAtLeastEstManager(user);
  return (
    <PageContainer className={manager ? 'max-w-7xl' : 'max-w-3xl'}>
      <PageHeader
        title={t('title')}
        description={manager ? t('manager.description') : t('family.description')}
      />
      {manager ? <ManagerRecoveryTokens /> : <FamilyRecoveryTokens />}
    </PageContainer>
  );
}
