import {
  formatMoney,
  LICENCE_PLANS,
  type OrganizationLicence,
  type PlatformInvoiceList,
} from '@inscrio/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/feedback/error-state';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DownloadButton } from '@/components/ui/download-button';
import { InvoiceStatusBadge } from '@/components/ui/invoice-status-badge';
import { Skeleton } from '@/components/ui/skeleton';
import { api } from '@/lib/api-client';
import { hasErrorCode } from '@/lib/api-error';
import { formatDate } from '@/lib/dates';
import { useLocale } from '@/lib/use-locale';
import { useTimeZone } from '@/lib/use-time-zone';

const monthOf = (month: string, locale: string) => {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m - 1, 1)).toLocaleDateString(locale === 'en' ? 'en-GB' : 'fr-BE', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
};

/**
 * « Abonnement »: the club's plan, its trial end and its platform invoices (the monthly statements the
 * platform sends it), each with its PDF. The club's administrator sees it (and the platform staff); for
 * anyone else the API refuses and the card stays away.
 */
export function SubscriptionCard({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('platform-billing');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const base = `/organizations/${encodeURIComponent(organizationId)}`;
  const licence = useQuery({
    queryKey: ['organizations', organizationId, 'licence'],
    queryFn: ({ signal }) => api.get<OrganizationLicence>(`${base}/licence`, { signal }),
    meta: { silent: true },
    retry: false,
  });
  const invoices = useQuery({
    queryKey: ['organizations', organizationId, 'platform-invoices'],
    queryFn: ({ signal }) => api.get<PlatformInvoiceList>(`${base}/platform-invoices`, { signal }),
    meta: { silent: true },
    retry: false,
  });
  if (hasErrorCode(licence.error, 'forbidden')) return null;

  return (
    <Card data-subscription-card="">
      <CardHeader>
        <CardTitle>{t('subscription.title')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {licence.isPending ? (
          <Skeleton className="h-12" />
        ) : licence.isError ? (
          <ErrorState
            title={t('subscription.error')}
            error={licence.error}
            onRetry={() => void licence.refetch()}
          />
        ) : (
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-slate-600">{t('subscription.plan')}</dt>
              <dd className="font-semibold text-slate-900" data-subscription-plan="">
                {licence.data.current
                  ? LICENCE_PLANS.label(licence.data.current.planKey, locale)
                  : t('subscription.noPlan')}
              </dd>
              {licence.data.plan && licence.data.plan.monthlyFee + licence.data.plan.participantFee > 0 ? (
                <dd className="text-xs text-slate-600">
                  {t('subscription.fees', {
                    monthly: formatMoney(licence.data.plan.monthlyFee, locale),
                    participant: formatMoney(licence.data.plan.participantFee, locale),
                  })}
                </dd>
              ) : null}
            </div>
            {licence.data.current?.endsAt ? (
              <div>
                <dt className="text-slate-600">{t('subscription.trialEnd')}</dt>
                <dd className="font-semibold text-slate-900">
                  {formatDate(licence.data.current.endsAt, timeZone, locale)}
                </dd>
                {licence.data.plan?.nextPlanKey ? (
                  <dd className="text-xs text-slate-600">
                    {t('subscription.then', {
                      plan: LICENCE_PLANS.label(licence.data.plan.nextPlanKey, locale),
                    })}
                  </dd>
                ) : null}
              </div>
            ) : null}
          </dl>
        )}
        <div>
          <h3 className="mb-2 text-sm font-semibold text-slate-900">{t('subscription.invoices')}</h3>
          {invoices.isPending ? (
            <Skeleton className="h-16" />
          ) : invoices.isError ? (
            <ErrorState
              title={t('subscription.invoicesError')}
              error={invoices.error}
              onRetry={() => void invoices.refetch()}
            />
          ) : invoices.data.items.length === 0 ? (
            <p className="text-sm text-slate-600">{t('subscription.noInvoices')}</p>
          ) : (
            <ul className="divide-y divide-slate-100" data-platform-invoices="">
              {invoices.data.items.map((item) => (
                <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <div className="min-w-0">
                    <p className="font-mono text-[13px] font-semibold text-slate-900">{item.number}</p>
                    <p className="text-xs text-slate-600 capitalize">{monthOf(item.month, locale)}</p>
                  </div>
                  <div className="flex items-center gap-3">
                    <span className="font-semibold text-slate-900 tabular-nums">
                      {formatMoney(item.totalAmount, locale)}
                    </span>
                    <InvoiceStatusBadge status={item.status} />
                    <DownloadButton
                      download={{
                        path: item.pdfUrl.replace(/^\/api(?=\/)/, ''),
                        fallbackName: `facture-${item.number}.pdf`,
                      }}
                      label={t('pdf')}
                      iconOnly
                      variant="ghost"
                    />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
