import {
  formatMoney,
  LICENCE_PLANS,
  type LicencePlan,
  type PlatformOrganizationOverview,
  ROLES,
  isPlatformStaff,
} from '@inscrio/shared';
import { Archive, ArchiveRestore, BadgeCheck, ExternalLink, Wrench } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { QueryStates } from '@/components/feedback/query-states';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { BackLink } from '@/components/ui/back-link';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Select } from '@/components/ui/select';
import { formatDate, formatDateTime } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { useLocale } from '@/lib/use-locale';
import { useOrganizationOverview } from '../api/get-organization-overview';
import { useEnterOrganization } from '../api/enter-organization';
import { useOrganizationAction } from '../api/organization-actions';
import { ActionDialog } from './action-dialog';
import { PlanBadge, StateBadge } from './organization-badges';
import { AccessDenied } from '@/components/feedback/access-denied';
import { useAuth } from '@/lib/auth-store';

/** A label and its value, « — » when there is none. */
function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900">{children || '—'}</dd>
    </div>
  );
}

function Section({
  title,
  children,
  ...props
}: {
  title: string;
  children: ReactNode;
  [data: `data-${string}`]: string;
}) {
  return (
    <Card {...props}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** 'yyyy-MM' as « mars 2026 ». */
function monthLabel(month: string, locale: string): string {
  const [year, index] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-US' : 'fr-BE', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year!, index! - 1, 1)));
}

/** The system administrator's actions: maintenance, archive, plan; each confirmed in a dialog. */
function Actions({ organization }: { organization: PlatformOrganizationOverview }) {
  const { t } = useTranslation('platform-organizations');
  const locale = useLocale();
  const action = useOrganizationAction(organization.id);
  const [plan, setPlan] = useState<LicencePlan>(
    organization.licence?.planKey === 'default-monthly' ? 'unlimited' : 'default-monthly',
  );
  const archived = organization.state === 'archived';
  const name = organization.name;

  return (
    <div className="flex flex-wrap gap-2" data-organization-actions="">
      {organization.isSystem ? null : organization.maintenance ? (
        <ActionDialog
          trigger={
            <Button variant="secondary" data-action="maintenance-off">
              <Wrench aria-hidden="true" />
              {t('actions.maintenanceOff')}
            </Button>
          }
          title={t('actions.maintenanceOffTitle')}
          text={t('actions.maintenanceOffText', { name })}
          confirmLabel={t('actions.maintenanceOff')}
          success={t('actions.maintenanceOffDone')}
          run={() => action.mutateAsync({ kind: 'maintenance-off' })}
          isPending={action.isPending}
        />
      ) : (
        <ActionDialog
          trigger={
            <Button variant="secondary" data-action="maintenance-on">
              <Wrench aria-hidden="true" />
              {t('actions.maintenanceOn')}
            </Button>
          }
          title={t('actions.maintenanceOnTitle')}
          text={t('actions.maintenanceOnText', { name })}
          confirmLabel={t('actions.maintenanceOn')}
          success={t('actions.maintenanceOnDone')}
          run={() => action.mutateAsync({ kind: 'maintenance-on' })}
          isPending={action.isPending}
        />
      )}
      <ActionDialog
        trigger={
          <Button variant="secondary" data-action="change-plan">
            <BadgeCheck aria-hidden="true" />
            {t('actions.changePlan')}
          </Button>
        }
        title={t('actions.changePlanTitle')}
        text={t('actions.changePlanText', { name })}
        confirmLabel={t('actions.changePlanConfirm')}
        success={t('actions.changePlanDone')}
        run={() => action.mutateAsync({ kind: 'plan', planKey: plan })}
        isPending={action.isPending}
        disabled={plan === organization.licence?.planKey}
      >
        <label className="block space-y-1.5 text-sm font-medium text-slate-700">
          <span>{t('actions.newPlan')}</span>
          <Select
            value={plan}
            onChange={(event) => LICENCE_PLANS.is(event.target.value) && setPlan(event.target.value)}
            data-plan-select=""
          >
            {LICENCE_PLANS.values.map((value) => (
              <option key={value} value={value}>
                {LICENCE_PLANS.label(value, locale)}
                {value === organization.licence?.planKey ? ` (${t('actions.currentPlan')})` : ''}
              </option>
            ))}
          </Select>
        </label>
      </ActionDialog>
      {organization.isSystem ? null : archived ? (
        <ActionDialog
          trigger={
            <Button variant="secondary" data-action="unarchive">
              <ArchiveRestore aria-hidden="true" />
              {t('actions.unarchive')}
            </Button>
          }
          title={t('actions.unarchiveTitle')}
          text={t('actions.unarchiveText', { name })}
          confirmLabel={t('actions.unarchive')}
          success={t('actions.unarchiveDone')}
          run={() => action.mutateAsync({ kind: 'unarchive' })}
          isPending={action.isPending}
        />
      ) : (
        <ActionDialog
          trigger={
            <Button variant="ghost" className="text-red-700 hover:bg-red-50" data-action="archive">
              <Archive aria-hidden="true" />
              {t('actions.archive')}
            </Button>
          }
          title={t('actions.archiveTitle')}
          text={t('actions.archiveText', { name })}
          confirmLabel={t('actions.archive')}
          success={t('actions.archiveDone')}
          danger
          run={() => action.mutateAsync({ kind: 'archive' })}
          isPending={action.isPending}
        />
      )}
    </div>
  );
}

function Overview({ organization }: { organization: PlatformOrganizationOverview }) {
  const { t } = useTranslation('platform-organizations');
  const locale = useLocale();
  const timeZone = organization.timeZone;
  const date = (value: string | null) => (value ? formatDate(value, timeZone, locale) : '');
  const billing = organization.billing;
  const address = [
    billing.address,
    [billing.postalCode, billing.city].filter(Boolean).join(' '),
    billing.country,
  ]
    .filter(Boolean)
    .join(', ');

  return (
    <div className="grid gap-5 lg:grid-cols-2">
      <Section title={t('detail.identity')} data-section="identity">
        <dl className="grid gap-4 sm:grid-cols-2">
          <Field label={t('detail.name')}>{organization.name}</Field>
          <Field label={t('detail.key')}>{organization.key}</Field>
          <Field label={t('detail.timeZone')}>{organization.timeZone}</Field>
          <Field label={t('detail.contact')}>
            {[organization.contactEmail, organization.contactPhone].filter(Boolean).join(' · ')}
          </Field>
          <Field label={t('detail.createdAt')}>{date(organization.createdAt)}</Field>
          <Field label={t('detail.lastActivity')}>
            {organization.lastActivityAt
              ? formatDateTime(organization.lastActivityAt, timeZone, locale)
              : t('list.never')}
          </Field>
          <Field label={t('detail.members')}>{String(organization.members)}</Field>
          {organization.archivedAt ? (
            <Field label={t('detail.archivedAt')}>{date(organization.archivedAt)}</Field>
          ) : null}
        </dl>
      </Section>

      <Section title={t('detail.billing')} data-section="billing">
        <dl className="grid gap-4 sm:grid-cols-2">
          <Field label={t('detail.billingEmail')}>{billing.email}</Field>
          <Field label={t('detail.billingPhone')}>{billing.phone}</Field>
          <Field label={t('detail.billingAddress')}>{address}</Field>
          <Field label={t('detail.vatNumber')}>{billing.vatNumber}</Field>
        </dl>
      </Section>

      <Section title={t('detail.licence')} data-section="licence">
        {organization.licence ? (
          <dl className="grid gap-4 sm:grid-cols-3">
            <Field label={t('detail.plan')}>
              <PlanBadge plan={organization.licence.planKey} />
            </Field>
            <Field label={t('detail.since')}>{date(organization.licence.startsAt)}</Field>
            <Field label={t('detail.until')}>
              {organization.licence.endsAt ? date(organization.licence.endsAt) : t('detail.noEnd')}
            </Field>
          </dl>
        ) : (
          <p className="text-sm text-slate-600">{t('plan.noLicence')}</p>
        )}
        {organization.licenceHistory.length > 1 ? (
          <div className="mt-5">
            <h3 className="text-sm font-semibold text-slate-900">{t('detail.history')}</h3>
            <ul className="mt-2 divide-y divide-slate-100 text-sm" data-licence-history="">
              {organization.licenceHistory
                .filter((licence) => licence.endedAt !== null)
                .map((licence) => (
                  <li key={licence.id} className="flex flex-wrap justify-between gap-2 py-2">
                    <span className="font-medium text-slate-800">
                      {LICENCE_PLANS.label(licence.planKey, locale)}
                    </span>
                    <span className="text-slate-600 tabular-nums">
                      {date(licence.startsAt)} → {date(licence.endedAt)}
                    </span>
                  </li>
                ))}
            </ul>
          </div>
        ) : null}
      </Section>

      <Section title={t('detail.administrators')} data-section="administrators">
        {organization.administrators.length === 0 ? (
          <p className="text-sm text-slate-600">{t('detail.noAdministrators')}</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {organization.administrators.map((admin) => (
              <li key={admin.userId} className="flex flex-col py-2 sm:flex-row sm:justify-between sm:gap-3">
                <span className="min-w-0">
                  <span className="block font-medium text-slate-900">{admin.name}</span>
                  <span className="block truncate text-slate-600">{admin.email}</span>
                </span>
                <span className="text-slate-500">
                  {ROLES.is(admin.role) ? ROLES.label(admin.role, locale) : admin.role}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <div className="lg:col-span-2">
        <Section title={t('detail.usage')} data-section="usage">
          <div className="-mx-5 overflow-x-auto sm:mx-0">
            <table className="w-full min-w-[22rem] text-sm">
              <thead>
                <tr className="border-b border-slate-200 text-left text-xs font-semibold text-slate-500">
                  <th scope="col" className="px-5 py-2 sm:px-0">
                    {t('detail.month')}
                  </th>
                  <th scope="col" className="px-2 py-2 text-right">
                    {t('detail.confirmedParticipants')}
                  </th>
                  <th scope="col" className="px-5 py-2 text-right sm:px-0">
                    {t('detail.ordersTotal')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {[...organization.usage].reverse().map((month) => (
                  <tr key={month.month}>
                    <td className="px-5 py-2 capitalize sm:px-0">{monthLabel(month.month, locale)}</td>
                    <td className="px-2 py-2 text-right tabular-nums">{month.confirmedParticipants}</td>
                    <td className="px-5 py-2 text-right tabular-nums sm:px-0">
                      {formatMoney(month.ordersTotalCents, locale)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Section>
      </div>
    </div>
  );
}

/**
 * `/organizations/{id}` for the platform staff: the organisation's identity, billing profile, licence and
 * its history, usage of the last 12 months and administrators; « Ouvrir l'espace »; and, for system
 * administrators, maintenance, plan and archive, each confirmed in a dialog.
 */
function PlatformOrganizationPageContent() {
  const { t } = useTranslation('platform-organizations');
  const { id = '' } = useParams();
  const location = useLocation();
  const query = useOrganizationOverview(id);
  const organization = query.data;
  const backTo =
    typeof (location.state as { backTo?: unknown } | null)?.backTo === 'string'
      ? (location.state as { backTo: string }).backTo
      : paths.organizationsList.to();

  return (
    <PageContainer className="max-w-6xl">
      <BackLink to={backTo}>{t('detail.back')}</BackLink>
      <QueryStates
        query={query}
        loadingLabel={t('detail.loading')}
        isEmpty={false}
        empty={null}
        errorTitle={t('detail.error')}
      >
        {organization ? (
          <div className="space-y-5">
            <PageHeader
              title={organization.name}
              eyebrow={
                <span className="flex flex-wrap items-center gap-2">
                  {organization.key}
                  <StateBadge state={organization.state} />
                </span>
              }
              actions={organization.isSystem ? null : <OpenSpaceButton organizationId={organization.id} />}
            />
            {organization.state === 'maintenance' ? (
              <Alert tone="warning">{t('detail.maintenanceNotice')}</Alert>
            ) : organization.state === 'archived' ? (
              <Alert tone="info">{t('detail.archivedNotice')}</Alert>
            ) : null}
            {organization.canAct ? <Actions organization={organization} /> : null}
            <Overview organization={organization} />
          </div>
        ) : null}
      </QueryStates>
    </PageContainer>
  );
}

/** « Ouvrir l'espace »: into the club, signed in, in this tab (the club's 'Connecté à' mode leads back). */
function OpenSpaceButton({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('platform-organizations');
  const enter = useEnterOrganization(organizationId);
  return (
    <Button
      variant="secondary"
      onClick={() => enter.mutate()}
      disabled={enter.isPending || enter.isSuccess}
      data-open-space=""
    >
      <ExternalLink aria-hidden="true" />
      {t('actions.openSpace')}
    </Button>
  );
}

export function PlatformOrganizationPage() {
  const { t } = useTranslation('platform-organizations');
  const { user } = useAuth();
  if (!isPlatformStaff(user, user?.organizationId))
    return <AccessDenied title={t('list.title')} reason={t('forbidden')} />;
  return <PlatformOrganizationPageContent />;
}
