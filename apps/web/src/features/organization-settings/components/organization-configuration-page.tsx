import {
  organizationConfigurationPath,
  type ConfigurationStep,
  type OrganizationSection,
  SYSTEM_ORGANIZATION_ID,
} from '@inscrio/shared';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CircleDashed, LifeBuoy } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { ErrorState } from '@/components/feedback/error-state';
import { IncompleteInformationNotice } from '@/components/feedback/incomplete-information-notice';
import { PageLoader } from '@/components/feedback/page-loader';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { WebsiteStep } from '@/features/website';
import { cn } from '@/lib/cn';
import { useAuth } from '@/lib/auth-store';
import { notify } from '@/lib/notify';
import { useAddressOrganization } from '@/lib/organization-context';
import { paths } from '@/lib/paths';
import { useMollieStatus, useOrganizationSettings } from '../api/organization';
import { organizationWarningsKey, useOrganizationWarnings } from '../api/organization-warnings';
import { BillingStep } from './billing-step';
import { CommunicationsStep } from './communications-step';
import { GeneralStep } from './general-step';
import { MutualStep } from './mutual-step';
import { PaymentStep } from './payment-step';
import { PlatformConfiguration } from './platform-configuration';

import { RecoverySettingsCard } from './recovery-settings-card';
import { SubscriptionCard } from './subscription-card';
/**
 * The configuration steps: the general one (identity, family-facing settings) first, then the order of
 * the 'Informations à compléter' notice, then the recovery and website settings.
 */
export const STEPS = [
  'general',
  'payment',
  'billing',
  'mutual',
  'recovery',
  'communications',
  'website',
] as const satisfies readonly ConfigurationStep[];
export type Step = (typeof STEPS)[number];

const isStep = (value: string | null): value is Step => (STEPS as readonly string[]).includes(value ?? '');

/** The steps, each marked complete or not once the warnings are known. */
function StepNav({
  organizationId,
  current,
  incomplete,
}: {
  organizationId: string;
  current: Step;
  incomplete: ReadonlySet<OrganizationSection> | undefined;
}) {
  const { t } = useTranslation('organization-settings');
  return (
    <nav aria-label={t('steps.label')} className="flex gap-1 overflow-x-auto border-b border-slate-200">
      {STEPS.map((step) => {
        // The general, recovery, communications and website settings have defaults: the notice never
        // checks them, no mark either way.
        const checked =
          step !== 'general' && step !== 'recovery' && step !== 'communications' && step !== 'website';
        const pending = checked && incomplete?.has(step);
        const Icon = pending ? CircleDashed : CircleCheck;
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
            {incomplete && checked ? (
              <Icon
                className={cn('size-4', pending ? 'text-amber-500' : 'text-emerald-600')}
                aria-label={pending ? t('steps.incomplete') : t('steps.complete')}
              />
            ) : null}
            {t(`steps.${step}`)}
          </Link>
        );
      })}
    </nav>
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
  }, [outcome, setParams, t]);
}

/**
 * The Mollie status shown here is re-read from Mollie, which may find the connection revoked: the
 * warnings, computed from the stored status, are then read again.
 */
function useWarningsFollowMollie(organizationId: string, storedStatus: string | undefined) {
  const queryClient = useQueryClient();
  const liveStatus = useMollieStatus(organizationId).data?.status;
  useEffect(() => {
    if (liveStatus && storedStatus && liveStatus !== storedStatus) {
      void queryClient.invalidateQueries({ queryKey: organizationWarningsKey(organizationId) });
    }
  }, [liveStatus, storedStatus, organizationId, queryClient]);
}

/**
 * `/configuration/organizations/{id}` (Configuration): the organisation's settings as steps chosen by
 * `?step=general|payment|billing|mutual|recovery|communications|website` (general when none), under the
 * 'Informations à compléter' notice
 * (`GET /organizations/{id}/warnings`). The mutual step is the certificates' profile (seal, signature).
 */
export function OrganizationConfigurationPage() {
  const { t } = useTranslation('organization-settings');
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const requested = params.get('step');
  const step: Step = isStep(requested) ? requested : 'general';
  const query = useOrganizationSettings(id);
  const warnings = useOrganizationWarnings(id);
  useWarningsFollowMollie(id, query.data?.mollieStatus);
  const addressOrganization = useAddressOrganization();
  const { user } = useAuth();
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
  if (organization.id === SYSTEM_ORGANIZATION_ID || addressOrganization?.systemAdmin === true) {
    return <PlatformConfiguration organization={organization} />;
  }
  const incomplete = warnings.data && new Set(warnings.data.map((warning) => warning.section));

  return (
    <PageContainer>
      <PageHeader title={t('title')} description={t('description', { name: organization.name })} />
      {/* The notice is a reminder: if it cannot be read, the page works without it. */}
      <IncompleteInformationNotice sections={warnings.data ?? []} />
      <StepNav organizationId={organization.id} current={step} incomplete={incomplete} />
      <section aria-label={t(`steps.${step}`)} data-configuration-step={step}>
        {step === 'general' ? (
          <GeneralStep organization={organization} />
        ) : step === 'payment' ? (
          <PaymentStep organization={organization} />
        ) : step === 'billing' ? (
          <BillingStep organization={organization} />
        ) : step === 'recovery' ? (
          <RecoverySettingsCard organizationId={organization.id} />
        ) : step === 'communications' ? (
          <CommunicationsStep organizationId={organization.id} />
        ) : step === 'website' ? (
          <WebsiteStep />
        ) : (
          <MutualStep organizationId={organization.id} />
        )}
      </section>
      <SubscriptionCard organizationId={organization.id} />
      {/* Club administrators write to the platform from here (spec menus stay as they are). */}
      {user?.role === 'admin' && !user.isSystemAdmin ? (
        <p className="flex flex-wrap items-center gap-2 rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-700">
          <LifeBuoy className="size-4 text-brand-700" aria-hidden="true" />
          {t('support.question')}
          <Link
            to={paths.contactSupport.to()}
            className="font-semibold text-brand-700 underline-offset-4 hover:underline"
            data-contact-support-link=""
          >
            {t('support.link')}
          </Link>
        </p>
      ) : null}
    </PageContainer>
  );
}
