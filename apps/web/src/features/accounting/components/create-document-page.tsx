import { canManageAccounting } from '@inscrio/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { BackLink } from '@/components/ui/back-link';
import { useAuth } from '@/lib/auth-store';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import { CreditNoteForm } from './credit-note-form';
import { InvoiceForm } from './invoice-form';

export type DocumentKind = 'invoice' | 'credit-note';

const KIND_PATHS: Record<DocumentKind, string> = {
  invoice: paths.createInvoice.to(),
  'credit-note': paths.createCreditNote.to(),
};

/** Facture · Note de crédit: the two modes of the view, as links. */
function KindSwitch({ kind }: { kind: DocumentKind }) {
  const { t } = useTranslation('accounting');
  return (
    <nav
      aria-label={t('create.kindLabel')}
      className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5"
    >
      {(['invoice', 'credit-note'] as const).map((value) => (
        <Link
          key={value}
          to={KIND_PATHS[value]}
          replace
          aria-current={value === kind ? 'page' : undefined}
          className={cn(
            'rounded-md px-3 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-600',
            value === kind ? 'bg-brand-700 text-white' : 'text-slate-600 hover:bg-slate-100',
          )}
        >
          {t(`create.kinds.${value}`)}
        </Link>
      ))}
    </nav>
  );
}

/**
 * `/accounting/create-invoice` and `/accounting/create-credit-note` (simple layout): one view, two
 * modes: a free invoice to a member or a company, or a credit note on a chosen invoice.
 */
export function CreateDocumentPage({ kind }: { kind: DocumentKind }) {
  const { t } = useTranslation('accounting');
  const { user } = useAuth();
  const invoice = kind === 'invoice';
  return (
    <PageContainer className="max-w-3xl">
      <BackLink to={paths.accounting.to(invoice ? undefined : { tab: 'credit-notes' })}>
        {t('title')}
      </BackLink>
      <PageHeader
        title={invoice ? t('create.invoiceTitle') : t('create.creditNoteTitle')}
        description={invoice ? t('create.invoiceText') : t('create.creditNoteText')}
        actions={<KindSwitch kind={kind} />}
      />
      {!canManageAccounting(user, user?.establishment) ? (
        <Alert tone="warning">{t('forbidden')}</Alert>
      ) : invoice ? (
        <InvoiceForm />
      ) : (
        <CreditNoteForm />
      )}
    </PageContainer>
  );
}
