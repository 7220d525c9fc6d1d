import {
  type MollieStatus,
  organizationConfigurationPath,
  type OrganizationSection,
  organizationWarnings,
  type OrganizationSettings,
} from '@inscrio/shared';
import { CircleCheck, CircleDashed, Hammer } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { EmptyState, ErrorState } from '@/components/feedback/error-state';
import { IncompleteInformationNotice } from '@/components/feedback/incomplete-information-notice';
import { PageLoader } from '@/components/feedback/page-loader';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { cn } from '@/lib/cn';
import { notify } from '@/lib/notify';
import { useMollieStatus, useOrganizationSettings } from '../api/organization';
import { PaymentStep } from './payment-step';

/** The configuration steps, in the order of the 'Informations à compléter' notice. */
export const STEPS = ['payment', 'billing', 'mutual'] as const satisfies readonly OrganizationSection[];
export type Step = (typeof STEPS)[number];

const isStep = (value: string | null): value is Step => (STEPS as readonly string[]).includes(value ?? '');

/** The sections still incomplete, each linking to its step (billing and mutual arrive with issue #7). */
export function incompleteSections(organization: OrganizationSettings, mollieStatus?: MollieStatus | null) {
  // The stored Buckaroo secret is never returned: only whether there is one.
  return organizationWarnings(
    {
      ...organization,
      buckarooSecretKey: organization.buckarooSecretKeySet ? 'set' : null,
    },
    mollieStatus ?? organization.mollieStatus,
  );
}

function StepNav({
  organizationId,
  current,
  incomplete,
}: {
  organizationId: string;
  current: Step;
  incomplete: ReadonlySet<OrganizationSection>;
}) {
  const { t } = useTranslation('organization-settings');
  return (
    <nav aria-label={t('steps.label')} className="flex gap-1 overflow-x-auto border-b border-slate-200">
      {STEPS.map((step) => {
        const Icon = incomplete.has(step) ? CircleDashed : CircleCheck;
        return (
          <Link
            key={step}
            to={organizationConfigurationPath(organizationId, step)}
            replace
            aria-current={step === current ? 'step' : undefined}
            className={cn(
              'inline-flex shrink-0 items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-semibold whitespace-nowrap transition-colors',
              step === current
                ? 'border-brand-700 text-brand-800'
                : 'border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-800',
            )}
            data-step={step}
          >
            <Icon
              className={cn('size-4', incomplete.has(step) ? 'text-amber-500' : 'text-emerald-600')}
              aria-label={incomplete.has(step) ? t('steps.incomplete') : t('steps.complete')}
            />
            {t(`steps.${step}`)}
          </Link>
        );
      })}
    </nav>
  );
}

/** Billing and mutual certificates: their forms come with issue #7. */
function UpcomingStep() {
  const { t } = useTranslation('organization-settings');
  return (
    <EmptyState
      icon={<Hammer className="size-8" aria-hidden="true" />}
      title={t('upcoming.title')}
      text={t('upcoming.text')}
    />
  );
}

/** Mollie sends the manager back with `?mollie=connected|error`: say so once, then drop it from the address. */
function useMollieCallback() {
  const { t } = useTranslation('organization-settings');
  const [params, setParams] = useSearchParams();
  const outcome = params.get('mollie');
  const handled = useRef(false);
  useEffect(() => {
    if (!outcome || handled.current) return;
    handled.current = true;
    if (outcome === 'connected') notify.success(t('mollie.callback.connected'));
    else notify.error(t('mollie.callback.error'));
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('mollie');
        return next;
      },
      { replace: true },
    );
  }, [outcome]);
}

/**
 * `/configuration/organizations/{id}` (Configuration): the organisation's settings as steps chosen by
 * `?step=payment|billing|mutual`. The payment step is here; billing and mutual arrive with issue #7.
 */
export function OrganizationConfigurationPage() {
  const { t } = useTranslation('organization-settings');
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const requested = params.get('step');
  const step: Step = isStep(requested) ? requested : 'payment';
  const query = useOrganizationSettings(id);
  const mollie = useMollieStatus(id);
  useMollieCallback();

  if (query.isPending) return <PageLoader />;
  if (query.isError || !query.data) {
    return (
      <PageContainer>
        <PageHeader title={t('title')} />
        <ErrorState title={t('errors.fetch')} error={query.error} onRetry={() => void query.refetch()} />
      </PageContainer>
    );
  }
  const organization = query.data;
  const warnings = incompleteSections(organization, mollie.data?.status);
  const incomplete = new Set(warnings.map((warning) => warning.section));

  return (
    <PageContainer>
      <PageHeader title={t('title')} description={t('description', { name: organization.name })} />
      <IncompleteInformationNotice sections={warnings} />
      <StepNav organizationId={organization.id} current={step} incomplete={incomplete} />
      <section aria-label={t(`steps.${step}`)} data-configuration-step={step}>
        {step === 'payment' ? <PaymentStep organization={organization} /> : <UpcomingStep />}
      </section>
    </PageContainer>
  );
}
