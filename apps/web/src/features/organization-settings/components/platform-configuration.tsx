import { formatMoney, type OrganizationSettings } from '@inscrio/shared';
import { Tags } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/feedback/error-state';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { type Column, DataTable } from '@/components/lists/data-table';
import { useLocale } from '@/lib/use-locale';
import { type PricingPlan, usePlatformSettings } from '../api/platform-settings';
import { BillingStep } from './billing-step';

/** The pricing plans, read-only: name, monthly fee, fee per confirmed participant, trial days, next plan. */
function PricingPlans() {
  const { t } = useTranslation('organization-settings');
  const locale = useLocale();
  const query = usePlatformSettings(true);
  const plans = query.data?.pricingPlans ?? [];
  const nameOf = (key: string | null) => (key ? (plans.find((plan) => plan.key === key)?.name ?? key) : '—');
  const columns: Column<PricingPlan>[] = [
    {
      id: 'name',
      header: t('platform.plans.name'),
      cell: (plan) => (
        <span>
          <span className="block font-semibold text-slate-900">{plan.name}</span>
          <span className="block font-mono text-xs text-slate-500">{plan.key}</span>
        </span>
      ),
    },
    {
      id: 'monthlyFee',
      header: t('platform.plans.monthlyFee'),
      cell: (plan) => formatMoney(plan.monthlyFeeCents, locale),
      className: 'text-right',
    },
    {
      id: 'participantFee',
      header: t('platform.plans.participantFee'),
      cell: (plan) => formatMoney(plan.participantFeeCents, locale),
      className: 'text-right',
    },
    {
      id: 'trialDays',
      header: t('platform.plans.trialDays'),
      cell: (plan) => (plan.trialDays > 0 ? t('platform.plans.days', { count: plan.trialDays }) : '—'),
      className: 'text-right',
    },
    { id: 'next', header: t('platform.plans.next'), cell: (plan) => nameOf(plan.nextPlanKey) },
  ];
  return (
    <section aria-labelledby="platform-plans" className="space-y-3" data-platform-plans="">
      <div>
        <h2 id="platform-plans" className="text-lg font-semibold text-slate-900">
          {t('platform.plans.title')}
        </h2>
        <p className="text-sm text-slate-600">{t('platform.plans.hint')}</p>
      </div>
      <DataTable
        items={plans}
        getKey={(plan) => plan.key}
        columns={columns}
        query={query}
        loadingLabel={t('loading')}
        errorTitle={t('platform.plans.error')}
        empty={
          <EmptyState
            icon={<Tags className="size-8" aria-hidden="true" />}
            title={t('platform.plans.empty')}
          />
        }
        rowProps={(plan) => ({ 'data-plan-row': plan.key })}
        card={(plan) => (
          <div className="space-y-1 p-4" data-plan-card={plan.key}>
            <p className="font-semibold text-slate-900">{plan.name}</p>
            <p className="text-sm text-slate-600">
              {t('platform.plans.cardFees', {
                monthly: formatMoney(plan.monthlyFeeCents, locale),
                participant: formatMoney(plan.participantFeeCents, locale),
              })}
            </p>
            <p className="text-xs text-slate-500">
              {plan.trialDays > 0 ? `${t('platform.plans.days', { count: plan.trialDays })} · ` : ''}
              {t('platform.plans.next')} : {nameOf(plan.nextPlanKey)}
            </p>
          </div>
        )}
      />
    </section>
  );
}

/**
 * The system organisation's « Configuration »: the platform's own billing profile (the seller of the
 * platform invoices to the clubs) and the pricing plans. Family payment settings mean nothing here.
 */
export function PlatformConfiguration({ organization }: { organization: OrganizationSettings }) {
  const { t } = useTranslation('organization-settings');
  return (
    <PageContainer>
      <PageHeader title={t('title')} description={t('platform.description')} />
      <section aria-labelledby="platform-billing" className="space-y-3" data-platform-billing="">
        <div>
          <h2 id="platform-billing" className="text-lg font-semibold text-slate-900">
            {t('platform.billing.title')}
          </h2>
          <p className="text-sm text-slate-600">{t('platform.billing.hint')}</p>
        </div>
        <BillingStep organization={organization} />
      </section>
      <PricingPlans />
    </PageContainer>
  );
}
