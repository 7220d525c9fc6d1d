import { formatMoney, formatPercent, isPlatformAdmin } from '@inscrio/shared';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ErrorState } from '@/components/feedback/error-state';
import { PageLoader } from '@/components/feedback/page-loader';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { BackLink } from '@/components/ui/back-link';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DownloadButton } from '@/components/ui/download-button';
import { InvoiceStatusBadge } from '@/components/ui/invoice-status-badge';
import { formatDate } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { useLocale } from '@/lib/use-locale';
import { useTimeZone } from '@/lib/use-time-zone';
import { apiPath, useStatement } from '../api/statements';
import { monthLabel } from './month-label';
import { AccessDenied } from '@/components/feedback/access-denied';
import { useAuth } from '@/lib/auth-store';

/** `/billing/{id}`: a statement's invoice (seller, buyer, lines, totals) and its PDF. */
function StatementPageContent() {
  const { t } = useTranslation('platform-billing');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const { id = '' } = useParams();
  const query = useStatement(id);

  if (query.isPending) return <PageLoader />;
  if (query.isError || !query.data) {
    return (
      <PageContainer>
        <BackLink to={paths.billing.to()}>{t('detail.back')}</BackLink>
        <ErrorState title={t('detail.error')} error={query.error} onRetry={() => void query.refetch()} />
      </PageContainer>
    );
  }
  const statement = query.data;
  const invoice = statement.invoice;
  const money = (cents: number) => formatMoney(cents, locale);
  const party = (p: typeof invoice.buyer) =>
    [
      p.companyName && p.companyName !== p.name ? p.companyName : null,
      p.address,
      [p.postalCode, p.city].filter(Boolean).join(' '),
      p.vatNumber,
    ]
      .filter(Boolean)
      .join(' · ');

  return (
    <PageContainer>
      <BackLink to={paths.billing.to()}>{t('detail.back')}</BackLink>
      <PageHeader
        eyebrow={<span className="capitalize">{monthLabel(statement.month, locale)}</span>}
        title={t('detail.title', { number: statement.number })}
        description={statement.organizationName}
        actions={
          <DownloadButton
            download={{ path: apiPath(statement.pdfUrl), fallbackName: `facture-${statement.number}.pdf` }}
            label={t('detail.pdf')}
            variant="primary"
          />
        }
      />
      <div className="grid gap-5 lg:grid-cols-3">
        <Card className="lg:col-span-2" data-statement-lines="">
          <CardHeader>
            <CardTitle>{t('detail.lines')}</CardTitle>
          </CardHeader>
          <CardContent className="space-y-3">
            <ul className="divide-y divide-slate-100">
              {invoice.lines.map((line) => (
                <li
                  key={line.id}
                  className="flex flex-col gap-1 py-3 sm:flex-row sm:items-start sm:justify-between"
                >
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">{line.description}</p>
                    <p className="text-xs text-slate-600">
                      {t('detail.lineFacts', {
                        quantity: line.quantity,
                        unitPrice: money(line.unitPrice),
                        vat: formatPercent(line.taxPercentage, locale),
                      })}
                    </p>
                  </div>
                  <p className="font-semibold whitespace-nowrap text-slate-900 tabular-nums">
                    {money(line.totalAmount)}
                  </p>
                </li>
              ))}
            </ul>
            <dl className="space-y-1 border-t border-slate-200 pt-3 text-sm">
              <div className="flex justify-between">
                <dt className="text-slate-600">{t('detail.vat')}</dt>
                <dd className="tabular-nums">{money(invoice.taxAmount)}</dd>
              </div>
              <div className="flex justify-between text-base font-semibold">
                <dt>{t('detail.total')}</dt>
                <dd className="tabular-nums" data-statement-total="">
                  {money(invoice.totalAmount)}
                </dd>
              </div>
              {statement.creditedAmount > 0 ? (
                <div className="flex justify-between">
                  <dt className="text-slate-600">{t('detail.credited')}</dt>
                  <dd className="tabular-nums">{money(statement.creditedAmount)}</dd>
                </div>
              ) : null}
              <div className="flex justify-between">
                <dt className="text-slate-600">{t('detail.balance')}</dt>
                <dd className="font-semibold tabular-nums">{money(statement.balance)}</dd>
              </div>
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t('detail.invoice')}</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="space-y-3 text-sm">
              <div>
                <dt className="text-slate-600">{t('columns.status')}</dt>
                <dd className="mt-1">
                  <InvoiceStatusBadge status={statement.status} />
                </dd>
              </div>
              <div>
                <dt className="text-slate-600">{t('detail.dates')}</dt>
                <dd className="text-slate-900">
                  {t('detail.datesValue', {
                    issued: formatDate(statement.issueDate, timeZone, locale),
                    due: formatDate(statement.dueDate, timeZone, locale),
                  })}
                </dd>
              </div>
              <div>
                <dt className="text-slate-600">{t('detail.seller')}</dt>
                <dd className="text-slate-900">{invoice.seller.name}</dd>
                <dd className="text-xs text-slate-600">{party(invoice.seller)}</dd>
              </div>
              <div>
                <dt className="text-slate-600">{t('detail.buyer')}</dt>
                <dd className="text-slate-900">{invoice.buyer.name}</dd>
                <dd className="text-xs text-slate-600">{party(invoice.buyer)}</dd>
              </div>
            </dl>
          </CardContent>
        </Card>
      </div>
    </PageContainer>
  );
}

export function StatementPage() {
  const { t } = useTranslation('platform-billing');
  const { user } = useAuth();
  if (!isPlatformAdmin(user, user?.organizationId))
    return <AccessDenied title={t('title')} reason={t('forbidden')} />;
  return <StatementPageContent />;
}
