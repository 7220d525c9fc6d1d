import { PARTICIPANT_STATUSES, type ParticipantDto, type ParticipantStatus } from '@inscrio/shared';
import { ArrowRightLeft, ClipboardList, Inbox, UserPlus, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListEmpty } from '@/components/lists/list-empty';
import { type Column, DataTable } from '@/components/lists/data-table';
import { ListSearch, ListToolbar } from '@/components/lists/list-toolbar';
import { EnumFilter } from '@/components/lists/list-filters';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Select } from '@/components/ui/select';
import { paths } from '@/lib/paths';
import { useActivityOptions, usePeriodOptions, useSessionOptions } from '../api/options';
import { useParticipants, useReviewCount } from '../api/participants';
import { useRegistryFilters } from '../hooks/use-registry-filters';
import { CancelParticipantDialog } from './cancel-participant-dialog';
import { MoveParticipantDialog } from './move-participant-dialog';
import { ParticipantStatusBadge } from './participant-status-badge';
import { RegisterMemberDialog } from './register-member-dialog';
import { SessionDate, useSessionDate } from './session-label';

const PAGE_SIZE = 20;

/** Statuses a manager may still move to another session. */
const MOVABLE: readonly ParticipantStatus[] = ['invited', 'reserved', 'confirmed'];

export const canMove = (participant: ParticipantDto) =>
  MOVABLE.includes(participant.status) && participant.service.status !== 'cancelled';
/** The API says whether the viewer may cancel (a manager: any live registration). */
export const canCancel = (participant: ParticipantDto) => participant.canCancel;

const fullName = (participant: ParticipantDto) =>
  `${participant.member.firstName} ${participant.member.lastName}`.trim();

interface RowActions {
  onMove: (participant: ParticipantDto) => void;
  onCancel: (participant: ParticipantDto) => void;
}

function Actions({ participant, onMove, onCancel }: { participant: ParticipantDto } & RowActions) {
  const { t } = useTranslation('registry');
  const name = fullName(participant);
  return (
    <div className="flex flex-wrap gap-1.5 md:justify-end">
      {canMove(participant) ? (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onMove(participant)}
          aria-label={t('actions.moveOf', { name })}
          data-action="move"
        >
          <ArrowRightLeft aria-hidden="true" />
          {t('actions.move')}
        </Button>
      ) : null}
      {canCancel(participant) ? (
        <Button
          variant="ghost"
          size="sm"
          className="text-red-700 hover:bg-red-50"
          onClick={() => onCancel(participant)}
          aria-label={t('actions.cancelOf', { name })}
          data-action="cancel"
        >
          <XCircle aria-hidden="true" />
          {t('actions.cancel')}
        </Button>
      ) : null}
    </div>
  );
}

function OrderLink({ orderId }: { orderId: string | null }) {
  const { t } = useTranslation('registry');
  if (!orderId) return <span className="text-slate-500">—</span>;
  return (
    <Link className="font-medium text-brand-700 hover:underline" to={paths.order.to(orderId)}>
      {t('list.order')}
    </Link>
  );
}

function ActivityName({ participant }: { participant: ParticipantDto }) {
  return (
    <span className="flex items-center gap-2">
      <span
        className="size-2.5 shrink-0 rounded-full"
        style={{ backgroundColor: participant.service.colorCode }}
        aria-hidden="true"
      />
      <span className="min-w-0 break-words">{participant.service.blueprintName}</span>
    </span>
  );
}

function useColumns(actions: RowActions): Column<ParticipantDto>[] {
  const { t } = useTranslation('registry');
  return [
    {
      id: 'member',
      header: t('list.columns.member'),
      cellClassName: 'font-semibold text-slate-900',
      cell: fullName,
    },
    {
      id: 'activity',
      header: t('list.columns.activity'),
      cellClassName: 'text-slate-700',
      cell: (participant) => <ActivityName participant={participant} />,
    },
    {
      id: 'session',
      header: t('list.columns.session'),
      cellClassName: 'whitespace-nowrap text-slate-700',
      cell: (participant) => (
        <Link
          className="hover:text-brand-700 hover:underline"
          to={paths.managedService.to(participant.service.id)}
        >
          <SessionDate start={participant.service.startDateTime} />
        </Link>
      ),
    },
    {
      id: 'status',
      header: t('list.columns.status'),
      cell: (participant) => <ParticipantStatusBadge status={participant.status} />,
    },
    {
      id: 'order',
      header: t('list.columns.order'),
      cellClassName: 'whitespace-nowrap',
      cell: (participant) => <OrderLink orderId={participant.orderId} />,
    },
    {
      id: 'actions',
      header: t('list.columns.actions'),
      hiddenHeader: true,
      className: 'text-right',
      cell: (participant) => <Actions participant={participant} {...actions} />,
    },
  ];
}

function ParticipantCard({ participant, ...actions }: { participant: ParticipantDto } & RowActions) {
  const date = useSessionDate();
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <span className="min-w-0 font-semibold break-words text-slate-900">{fullName(participant)}</span>
        <ParticipantStatusBadge status={participant.status} />
      </div>
      <div className="space-y-0.5 text-sm text-slate-700">
        <ActivityName participant={participant} />
        <Link
          className="block text-slate-600 tabular-nums hover:text-brand-700"
          to={paths.managedService.to(participant.service.id)}
        >
          {date(participant.service.startDateTime)}
        </Link>
        {participant.orderId ? (
          <p className="text-xs">
            <OrderLink orderId={participant.orderId} />
          </p>
        ) : null}
      </div>
      <Actions participant={participant} {...actions} />
    </>
  );
}

/** The filters: member search, period, activity, session and status. */
function Filters() {
  const { t } = useTranslation('registry');
  const date = useSessionDate();
  const { state, set } = useRegistryFilters();
  const periods = usePeriodOptions();
  const activities = useActivityOptions();
  const sessions = useSessionOptions(
    { blueprintId: state.blueprintId, periodId: state.periodId },
    Boolean(state.blueprintId || state.periodId || state.serviceId),
  );

  const sessionItems = sessions.data?.items ?? [];
  const sessionChoices = state.blueprintId || state.periodId ? sessionItems : [];
  // A session reached by a link (from its page) shows even before an activity is chosen.
  const linked = state.serviceId && !sessionChoices.some((session) => session.id === state.serviceId);

  return (
    <ListToolbar
      className="sm:grid-cols-2 lg:grid-cols-5"
      data-registry-filters=""
      search={
        <ListSearch
          className="sm:col-span-2 lg:col-span-1"
          value={state.q}
          onSearch={(q) => set({ q })}
          label={t('filters.search')}
          inputProps={{ 'data-registry-search': '' }}
        />
      }
    >
      <Select
        aria-label={t('filters.period')}
        value={state.periodId}
        onChange={(event) => set({ periodId: event.target.value })}
        data-filter="period"
      >
        <option value="">{t('filters.allPeriods')}</option>
        {(periods.data?.items ?? []).map((period) => (
          <option key={period.id} value={period.id}>
            {period.name}
          </option>
        ))}
      </Select>
      <Select
        aria-label={t('filters.activity')}
        value={state.blueprintId}
        onChange={(event) => set({ blueprintId: event.target.value })}
        data-filter="activity"
      >
        <option value="">{t('filters.allActivities')}</option>
        {(activities.data?.items ?? []).map((activity) => (
          <option key={activity.id} value={activity.id}>
            {activity.name}
          </option>
        ))}
      </Select>
      <Select
        aria-label={t('filters.session')}
        value={state.serviceId}
        onChange={(event) => set({ serviceId: event.target.value })}
        disabled={!state.blueprintId && !state.periodId && !state.serviceId}
        title={state.blueprintId || state.periodId ? undefined : t('filters.sessionHint')}
        data-filter="session"
      >
        <option value="">{t('filters.allSessions')}</option>
        {linked ? <option value={state.serviceId}>{t('filters.thisSession')}</option> : null}
        {sessionChoices.map((session) => (
          <option key={session.id} value={session.id}>
            {state.blueprintId
              ? date(session.startDateTime)
              : `${session.blueprintName} · ${date(session.startDateTime)}`}
          </option>
        ))}
      </Select>
      <EnumFilter
        enumeration={PARTICIPANT_STATUSES}
        value={state.status}
        onChange={(status) => set({ status })}
        label={t('filters.status')}
        allLabel={t('filters.allStatuses')}
        data-filter="status"
      />
    </ListToolbar>
  );
}

/** « A traiter » with the number of requests waiting. */
function ReviewsLink() {
  const { t } = useTranslation('registry');
  const count = useReviewCount();
  return (
    <Button asChild variant="secondary">
      <Link to={paths.reviews.to()} data-reviews-link="">
        <Inbox aria-hidden="true" />
        {t('list.reviews')}
        {count.data ? (
          <Badge variant="pink" aria-label={t('list.reviewsCount', { count: count.data })}>
            {count.data}
          </Badge>
        ) : null}
      </Link>
    </Button>
  );
}

/**
 * `/registry` (Inscriptions): every registration of the organisation, filtered by period, activity,
 * session, status and member; a table on wide screens, cards on phones. A manager registers members
 * directly (private activities included), moves a participant to another session, or cancels.
 */
export function RegistryPage() {
  const { t } = useTranslation('registry');
  const { state, set, filtered, clear } = useRegistryFilters();
  const query = useParticipants({
    periodId: state.periodId,
    blueprintId: state.blueprintId,
    serviceId: state.serviceId,
    status: state.status,
    q: state.q,
    page: state.page,
    pageSize: PAGE_SIZE,
  });
  const [moving, setMoving] = useState<ParticipantDto | null>(null);
  const [cancelling, setCancelling] = useState<ParticipantDto | null>(null);
  const [registering, setRegistering] = useState(false);
  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;

  const registerButton = (
    <Button onClick={() => setRegistering(true)} data-register-member="">
      <UserPlus aria-hidden="true" />
      {t('list.register')}
    </Button>
  );
  const actions: RowActions = { onMove: setMoving, onCancel: setCancelling };
  const columns = useColumns(actions);

  return (
    <PageContainer className="max-w-7xl">
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        actions={
          <>
            <ReviewsLink />
            {registerButton}
          </>
        }
      />
      <Card className="overflow-hidden">
        <Filters />
        <DataTable
          items={items}
          getKey={(participant) => participant.id}
          columns={columns}
          card={(participant) => <ParticipantCard participant={participant} {...actions} />}
          query={query}
          loadingLabel={t('loading')}
          empty={
            <ListEmpty
              icon={<ClipboardList className="size-8" aria-hidden="true" />}
              filtered={filtered}
              empty={{ title: t('list.empty'), text: t('list.emptyHint'), action: registerButton }}
              noMatch={{
                title: t('list.noMatch'),
                text: t('list.noMatchHint'),
                clearLabel: t('filters.clear'),
                onClear: clear,
              }}
            />
          }
          paging={{
            page: state.page,
            total,
            pageSize: PAGE_SIZE,
            onPageChange: (page) => set({ page }),
            summary: (pages) => t('list.summary', { count: total, page: state.page, pages }),
            label: t('list.pagination'),
          }}
          tableProps={{ 'data-registry-table': '' }}
          rowProps={() => ({ className: 'align-middle hover:bg-slate-50/60', 'data-registry-row': '' })}
          cardsProps={{ 'data-registry-cards': '' }}
          cardProps={() => ({ className: 'space-y-2 px-4 py-4', 'data-registry-card': '' })}
        />
      </Card>
      <MoveParticipantDialog participant={moving} onOpenChange={(open) => !open && setMoving(null)} />
      <CancelParticipantDialog
        participant={cancelling}
        onOpenChange={(open) => !open && setCancelling(null)}
      />
      <RegisterMemberDialog
        open={registering}
        onOpenChange={setRegistering}
        initialActivityId={state.blueprintId}
      />
    </PageContainer>
  );
}
