import { formatDuration, formatMoney, formatSeats, SESSION_STATUSES } from '@inscrio/shared';
import { Archive, ArchiveRestore, CalendarPlus, CalendarX2, Save } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { DeleteDialog } from '@/components/feedback/delete-dialog';
import { EmptyState, ErrorState } from '@/components/feedback/error-state';
import { PageLoader } from '@/components/feedback/page-loader';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { BackLink } from '@/components/ui/back-link';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth-store';
import { formatDateTime, formatPattern } from '@/lib/dates';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { useLocale } from '@/lib/use-locale';
import { useSetBlueprintArchived } from '../api/archive-blueprint';
import { useDeleteBlueprint } from '../api/delete-blueprint';
import { useBlueprint } from '../api/get-blueprint';
import { useSessionCount, useUpcomingSessions } from '../api/get-blueprint-sessions';
import { useEstablishmentOptions } from '../api/get-establishment-options';
import type { Blueprint, EstablishmentOption } from '../api/types';
import { useTimeZone } from '@/lib/use-time-zone';
import { BLUEPRINT_FORM_ID, BlueprintForm } from './blueprint-form';
import { NEW_BLUEPRINT_ID } from './blueprint-form-model';
import { VisibilityBadge } from './visibility-badge';
import { WriteToParticipantsLink } from '@/features/communications';

/** The establishment a new activity starts in: the manager's own, else the default one. */
function initialEstablishment(options: EstablishmentOption[], own: string | undefined): string {
  return (
    options.find((option) => option.id === own)?.id ??
    options.find((option) => option.isDefault)?.id ??
    options[0]?.id ??
    ''
  );
}

/** The activity's next sessions, each a link to its page, and the way to schedule more. */
function UpcomingSessions({ blueprint }: { blueprint: Blueprint }) {
  const { t } = useTranslation('blueprints');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const query = useUpcomingSessions(blueprint.id, true);
  const sessions = query.data?.items ?? [];
  const schedule = (
    <Button asChild variant="secondary" size="sm" className="w-full">
      <Link to={paths.createService.to({ blueprintId: blueprint.id })}>
        <CalendarPlus aria-hidden="true" />
        {t('sessions.schedule')}
      </Link>
    </Button>
  );
  return (
    <Card data-upcoming-sessions="">
      <CardHeader>
        <CardTitle>{t('sessions.title')}</CardTitle>
        {query.data ? (
          <p className="text-sm text-slate-600">{t('sessions.count', { count: query.data.total })}</p>
        ) : null}
      </CardHeader>
      <CardContent className="space-y-4">
        {query.isPending ? (
          <Spinner label={t('sessions.loading')} />
        ) : query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : sessions.length === 0 ? (
          <EmptyState
            icon={<CalendarX2 className="size-7" aria-hidden="true" />}
            title={t('sessions.empty')}
            text={blueprint.archivedAt ? t('sessions.archivedHint') : t('sessions.emptyHint')}
          />
        ) : (
          <ul className="-my-1 divide-y divide-slate-100">
            {sessions.map((session) => {
              const weekday = formatPattern(new Date(session.startDateTime), 'EEE', timeZone, locale);
              return (
                <li key={session.id}>
                  <Link
                    to={paths.managedService.to(session.id)}
                    className="-mx-2 flex items-center gap-3 rounded-lg px-2 py-2 hover:bg-slate-50"
                  >
                    <span className="min-w-0 flex-1">
                      <span className="block text-sm font-medium text-slate-900 capitalize">
                        {weekday} {formatDateTime(session.startDateTime, timeZone, locale)}
                      </span>
                      <span className="block truncate text-xs text-slate-500">
                        {session.seats.maxSeats === -1
                          ? formatSeats(-1, locale)
                          : t('sessions.seats', {
                              reserved: session.seats.reservedSeats,
                              max: session.seats.maxSeats,
                            })}
                        {session.holders.length > 0
                          ? ` · ${session.holders.map((holder) => holder.displayName).join(', ')}`
                          : ''}
                      </span>
                    </span>
                    {session.status !== 'confirmed' && SESSION_STATUSES.is(session.status) ? (
                      <Badge variant={session.status === 'cancelled' ? 'destructive' : 'warning'}>
                        {SESSION_STATUSES.label(session.status, locale)}
                      </Badge>
                    ) : null}
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
        {blueprint.archivedAt ? null : schedule}
      </CardContent>
    </Card>
  );
}

/** Delete, offered only while the activity has no session at all; a 409 is explained in the dialog. */
function DeleteBlueprint({ blueprint }: { blueprint: Blueprint }) {
  const { t } = useTranslation('blueprints');
  const remove = useDeleteBlueprint();
  const name = blueprint.name;
  return (
    <DeleteDialog
      texts={{
        action: t('delete.action'),
        title: t('delete.title', { name }),
        text: t('delete.text'),
        hint: t('delete.hint'),
        cancel: t('delete.cancel'),
        confirm: t('delete.confirm'),
        success: t('delete.success', { name }),
      }}
      remove={() => remove.mutateAsync(blueprint.id)}
      isPending={remove.isPending}
      then={paths.blueprints.to()}
    />
  );
}

function EditBlueprint({ id, establishments }: { id: string; establishments: EstablishmentOption[] }) {
  const { t } = useTranslation('blueprints');
  const locale = useLocale();
  const query = useBlueprint(id);
  const sessionCount = useSessionCount(id, query.isSuccess);
  const archive = useSetBlueprintArchived();
  const blueprint = query.data;

  if (query.isPending) return <PageLoader />;
  if (query.isError || !blueprint) {
    return (
      <PageContainer>
        <BackLink to={paths.blueprints.to()}>{t('list.title')}</BackLink>
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      </PageContainer>
    );
  }

  const archived = blueprint.archivedAt !== null;
  const toggleArchive = async () => {
    await archive.mutateAsync({ id: blueprint.id, archived: !archived });
    notify.success(archived ? t('archive.unarchived') : t('archive.archived'));
  };
  // The form's options must contain the activity's own establishment, even when the list omits it.
  const options = establishments.some((option) => option.id === blueprint.establishmentId)
    ? establishments
    : [
        ...establishments,
        { id: blueprint.establishmentId, name: blueprint.establishmentName, isDefault: false },
      ];

  return (
    <PageContainer>
      <BackLink to={paths.blueprints.to()}>{t('list.title')}</BackLink>
      <PageHeader
        title={
          <span className="flex items-center gap-3">
            <span
              className="size-4 shrink-0 rounded-full ring-4 ring-white"
              style={{ backgroundColor: blueprint.colorCode }}
              aria-hidden="true"
            />
            <span className="min-w-0 break-words">{blueprint.name}</span>
          </span>
        }
        description={
          <span className="flex flex-wrap items-center gap-2">
            <VisibilityBadge visibility={blueprint.visibility} />
            {archived ? <Badge variant="warning">{t('archive.badge')}</Badge> : null}
            <span>
              {[
                blueprint.establishmentName,
                formatMoney(blueprint.price, locale),
                formatDuration(blueprint.duration),
              ].join(' · ')}
            </span>
          </span>
        }
        actions={
          <>
            <WriteToParticipantsLink target="activity" targetId={blueprint.id} />
            <Button type="submit" form={BLUEPRINT_FORM_ID}>
              <Save aria-hidden="true" />
              {t('form.save')}
            </Button>
            {archived ? null : (
              <Button asChild variant="secondary">
                <Link to={paths.createService.to({ blueprintId: blueprint.id })}>
                  <CalendarPlus aria-hidden="true" />
                  {t('sessions.schedule')}
                </Link>
              </Button>
            )}
            <Button variant="secondary" loading={archive.isPending} onClick={() => void toggleArchive()}>
              {archived ? <ArchiveRestore aria-hidden="true" /> : <Archive aria-hidden="true" />}
              {archived ? t('archive.unarchive') : t('archive.archive')}
            </Button>
            {sessionCount.data === 0 ? <DeleteBlueprint blueprint={blueprint} /> : null}
          </>
        }
      />
      {archived ? <Alert tone="warning">{t('archive.notice')}</Alert> : null}
      <div className="grid gap-6 lg:grid-cols-3 lg:items-start">
        <div className="min-w-0 lg:col-span-2">
          <BlueprintForm
            key={blueprint.updatedAt}
            blueprint={blueprint}
            establishments={options}
            defaultEstablishmentId={blueprint.establishmentId}
          />
        </div>
        {/* On phones the sessions come first: they are checked more often than the form is edited. */}
        <aside className="order-first space-y-6 lg:sticky lg:top-6 lg:order-last">
          <UpcomingSessions blueprint={blueprint} />
          {sessionCount.data !== undefined && sessionCount.data > 0 ? (
            <p className="px-1 text-xs text-slate-500">{t('delete.archiveInstead')}</p>
          ) : null}
        </aside>
      </div>
    </PageContainer>
  );
}

function CreateBlueprint({ establishments }: { establishments: EstablishmentOption[] }) {
  const { t } = useTranslation('blueprints');
  const navigate = useNavigate();
  const { user } = useAuth();
  return (
    <PageContainer className="max-w-4xl">
      <BackLink to={paths.blueprints.to()}>{t('list.title')}</BackLink>
      <PageHeader title={t('create.title')} description={t('create.description')} />
      <BlueprintForm
        blueprint={null}
        establishments={establishments}
        defaultEstablishmentId={initialEstablishment(establishments, user?.establishment)}
        onCreated={(created) => void navigate(paths.blueprint.to(created.id), { replace: true })}
      />
    </PageContainer>
  );
}

/** `/managing/blueprints/{id}`: an activity's form, sessions and actions; `new` creates one. */
export function BlueprintPage() {
  const { t } = useTranslation('blueprints');
  const { id = '' } = useParams();
  const establishments = useEstablishmentOptions();

  if (establishments.isPending) return <PageLoader />;
  if (establishments.isError) {
    return (
      <PageContainer>
        <BackLink to={paths.blueprints.to()}>{t('list.title')}</BackLink>
        <ErrorState error={establishments.error} onRetry={() => void establishments.refetch()} />
      </PageContainer>
    );
  }
  const options = establishments.data.items;
  return id === NEW_BLUEPRINT_ID ? (
    <CreateBlueprint establishments={options} />
  ) : (
    <EditBlueprint key={id} id={id} establishments={options} />
  );
}
