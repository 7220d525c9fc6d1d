import { isAtLeastEstManager, VISIBILITIES } from '@inscrio/shared';
import { Dumbbell, Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState, ErrorState } from '@/components/feedback/error-state';
import { PageLoader } from '@/components/feedback/page-loader';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { Badge } from '@/components/ui/badge';
import { BackLink } from '@/components/ui/back-link';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth-store';
import { formatDateTime } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { useLocale } from '@/lib/use-locale';
import { useEstablishment } from '../api/get-establishment';
import { useEstablishmentActivities } from '../api/get-establishment-activities';
import { addressLine } from './establishments-page';

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-500">{term}</dt>
      <dd className="text-sm break-words text-slate-900 sm:col-span-2">
        {children || <span className="text-slate-500">—</span>}
      </dd>
    </div>
  );
}

function Activities({ establishmentId, timeZone }: { establishmentId: string; timeZone: string }) {
  const { t } = useTranslation('establishments');
  const locale = useLocale();
  const query = useEstablishmentActivities(establishmentId, true);
  const activities = query.data?.items ?? [];
  if (query.isPending) return <Spinner label={t('detail.activitiesLoading')} />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (activities.length === 0) {
    return (
      <EmptyState
        icon={<Dumbbell className="size-8" aria-hidden="true" />}
        title={t('detail.noActivities')}
      />
    );
  }
  return (
    <ul className="-my-2 divide-y divide-slate-100">
      {activities.map((activity) => (
        <li key={activity.id}>
          <Link
            to={paths.blueprint.to(activity.id)}
            className="-mx-2 flex items-center gap-3 rounded-lg px-2 py-2.5 hover:bg-slate-50"
          >
            <span
              className="size-3 shrink-0 rounded-full"
              style={{ backgroundColor: activity.colorCode }}
              aria-hidden="true"
            />
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-medium text-slate-900">{activity.name}</span>
              <span className="block text-xs text-slate-500">
                {activity.nextSessionStart
                  ? t('detail.nextSession', {
                      date: formatDateTime(activity.nextSessionStart, timeZone, locale),
                    })
                  : t('detail.noNextSession')}
              </span>
            </span>
            {VISIBILITIES.is(activity.visibility) ? (
              <Badge variant="outline">{VISIBILITIES.label(activity.visibility, locale)}</Badge>
            ) : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** `/establishments/{id}`: an establishment's details and activities. */
export function EstablishmentPage() {
  const { t } = useTranslation('establishments');
  const { id = '' } = useParams();
  const { user } = useAuth();
  const query = useEstablishment(id);
  const establishment = query.data;
  const isManager = isAtLeastEstManager(user);

  if (query.isPending) return <PageLoader />;
  if (query.isError || !establishment) {
    return (
      <PageContainer>
        <BackLink to={paths.establishments.to()}>{t('list.title')}</BackLink>
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      </PageContainer>
    );
  }

  return (
    <PageContainer className="max-w-5xl">
      <BackLink to={paths.establishments.to()}>{t('list.title')}</BackLink>
      <PageHeader
        title={
          <span className="inline-flex flex-wrap items-center gap-3">
            {establishment.name}
            {establishment.isDefault ? <Badge variant="info">{t('default')}</Badge> : null}
          </span>
        }
        description={t('activityCount', { count: establishment.activityCount })}
        actions={
          isManager ? (
            <Button asChild variant="secondary">
              <Link to={paths.establishmentConfiguration.to(establishment.id)}>
                <Pencil aria-hidden="true" />
                {t('detail.edit')}
              </Link>
            </Button>
          ) : null
        }
      />
      <div className="grid gap-6 lg:grid-cols-5">
        <Card className="lg:col-span-3">
          <CardHeader>
            <CardTitle>{t('detail.contact')}</CardTitle>
          </CardHeader>
          <CardContent className="pt-2">
            <dl className="divide-y divide-slate-100">
              <Detail term={t('fields.address')}>{addressLine(establishment)}</Detail>
              <Detail term={t('fields.contactEmail')}>
                {establishment.contactEmail ? (
                  <a className="text-brand-700 hover:underline" href={`mailto:${establishment.contactEmail}`}>
                    {establishment.contactEmail}
                  </a>
                ) : null}
              </Detail>
              <Detail term={t('fields.contactPhone')}>
                {establishment.contactPhone ? (
                  <a className="text-brand-700 hover:underline" href={`tel:${establishment.contactPhone}`}>
                    {establishment.contactPhone}
                  </a>
                ) : null}
              </Detail>
              <Detail term={t('fields.timeZone')}>{establishment.timeZone}</Detail>
            </dl>
          </CardContent>
        </Card>
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>{t('detail.activities')}</CardTitle>
          </CardHeader>
          <CardContent>
            {isManager ? (
              <Activities establishmentId={establishment.id} timeZone={establishment.timeZone} />
            ) : (
              <p className="text-sm text-slate-600">
                {t('activityCount', { count: establishment.activityCount })}
              </p>
            )}
          </CardContent>
        </Card>
      </div>
    </PageContainer>
  );
}
