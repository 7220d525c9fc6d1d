import { canManageAccounting } from '@inscrio/shared';
import { FileMinus, FilePlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { AccessDenied } from '@/components/feedback/access-denied';
import { Button } from '@/components/ui/button';
import { Tabs } from '@/components/ui/tabs';
import { useAuth } from '@/lib/auth-store';
import { paths } from '@/lib/paths';
import { SubscriptionCard } from '@/features/organization-settings';
import { BankStatementsPanel } from './bank-statements-panel';
import { CreditNotesPanel } from './credit-notes-panel';
import { InvoicesPanel } from './invoices-panel';

const TABS = ['invoices', 'credit-notes', 'bank-statements', 'subscription'] as const;
type AccountingTab = (typeof TABS)[number];
const isTab = (value: string | null): value is AccountingTab => TABS.includes(value as AccountingTab);

/** `/accounting` (Comptabilité): invoices, credit notes and bank statements of the organisation. */
export function AccountingPage() {
  const { t } = useTranslation('accounting');
  const { user, organization } = useAuth();
  const [params] = useSearchParams();
  const tab = params.get('tab');

  if (!canManageAccounting(user, user?.establishment)) {
    return <AccessDenied title={t('title')} reason={t('forbidden')} />;
  }

  return (
    <PageContainer className="max-w-7xl">
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <>
            <Button asChild variant="secondary">
              <Link to={paths.createCreditNote.to()}>
                <FileMinus aria-hidden="true" />
                {t('actions.createCreditNote')}
              </Link>
            </Button>
            <Button asChild>
              <Link to={paths.createInvoice.to()}>
                <FilePlus aria-hidden="true" />
                {t('actions.createInvoice')}
              </Link>
            </Button>
          </>
        }
      />
      <Tabs
        label={t('tabs.label')}
        defaultTab={isTab(tab) ? tab : 'invoices'}
        items={[
          { id: 'invoices', label: t('tabs.invoices'), content: <InvoicesPanel /> },
          { id: 'credit-notes', label: t('tabs.creditNotes'), content: <CreditNotesPanel /> },
          { id: 'bank-statements', label: t('tabs.bankStatements'), content: <BankStatementsPanel /> },
          // The club's own platform invoices (its plan and the monthly statements): its administrators'.
          ...(user?.role === 'admin' && organization && !organization.systemAdmin
            ? [
                {
                  id: 'subscription',
                  label: t('tabs.subscription'),
                  content: <SubscriptionCard organizationId={organization.id} />,
                },
              ]
            : []),
        ]}
      />
    </PageContainer>
  );
}
