import {
  displayName,
  PARTICIPANT_STATUSES,
  participantBadgeVariant,
  type ParticipantDto,
} from '@inscrio/shared';
import { CalendarDays, Check, Hourglass, MailOpen, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState } from '@/components/feedback/error-state';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { statusText } from '@/lib/api-error';
import { openCartDrawer } from '@/lib/cart';
import { formatDateTime, formatPattern } from '@/lib/dates';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { useLocale } from '@/lib/use-locale';
import { useMyRegistrations } from '../api/get-my-registrations';
import {
  useAcceptInvitation,
  useCancelRegistration,
  useDeclineInvitation,
} from '../api/registration-actions';
import { useTimeZone } from '@/lib/use-time-zone';

/** Registrations of each member listed on the dashboard; the calendar shows the rest. */
const PER_MEMBER = 5;

/** Statuses that no longer concern the family once the session is to come. */
const HIDDEN: ReadonlySet<ParticipantDto['status']> = new Set(['invitation-declined', 'invitation-expired']);

function SessionWhen({ participant }: { participant: ParticipantDto }) {
  const locale = useLocale();
  const timeZone = useTimeZone();
  const start = new Date(participant.service.startDateTime);
  const day = formatPattern(start, locale === 'fr' ? 'EEE d MMM' : 'EEE, MMM d', timeZone, locale);
  return (
    <span className="tabular-nums">
      {day.charAt(0).toUpperCase()}
      {day.slice(1)} · {formatPattern(start, 'HH:mm', timeZone, locale)}
    </span>
  );
}

function StatusBadge({ participant }: { participant: ParticipantDto }) {
  const { t } = useTranslation('registrations');
  const locale = useLocale();
  const inCart = participant.status === 'reserved' && participant.cartLinked;
  return (
    <Badge variant={participantBadgeVariant(participant.status)} data-participant-status={participant.status}>
      {inCart ? t('status.inCart') : PARTICIPANT_STATUSES.label(participant.status, locale)}
    </Badge>
  );
}

function Invitation({ participant }: { participant: ParticipantDto }) {
  const { t } = useTranslation('registrations');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const error = accept.error ?? decline.error;
  return (
    <li
      className="space-y-3 rounded-xl border border-brand-200 bg-brand-50/60 p-4"
      data-invitation={participant.id}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">
            {displayName(participant.member, 'participant', locale)} · {participant.service.blueprintName}
          </p>
          <p className="text-sm text-slate-600">
            <SessionWhen participant={participant} />
          </p>
        </div>
        <StatusBadge participant={participant} />
      </div>
      {participant.invitationExpiresAt ? (
        <p className="text-sm font-medium text-brand-900">
          {t('invitations.deadline', {
            date: formatDateTime(participant.invitationExpiresAt, timeZone, locale),
          })}
        </p>
      ) : null}
      {error ? <p className="text-sm font-medium text-red-700">{statusText(error, locale)}</p> : null}
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          loading={accept.isPending}
          disabled={decline.isPending}
          data-accept=""
          onClick={() =>
            accept.mutate(participant.id, {
              onSuccess: () => {
                notify.success(t('invitations.accepted'));
                openCartDrawer();
              },
            })
          }
        >
          <Check aria-hidden="true" />
          {t('invitations.accept')}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          loading={decline.isPending}
          disabled={accept.isPending}
          data-decline=""
          onClick={() =>
            decline.mutate(participant.id, { onSuccess: () => notify.success(t('invitations.declined')) })
          }
        >
          <X aria-hidden="true" />
          {t('invitations.decline')}
        </Button>
      </div>
    </li>
  );
}

function CancelDialog({ participant, onClose }: { participant: ParticipantDto; onClose: () => void }) {
  const { t } = useTranslation('registrations');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const cancel = useCancelRegistration();
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('cancel.title')}
      description={t('cancel.text', {
        member: displayName(participant.member, 'participant', locale),
        activity: participant.service.blueprintName,
        date: formatDateTime(participant.service.startDateTime, timeZone, locale),
      })}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary">{t('cancel.back')}</Button>
          </DialogClose>
          <Button
            variant="danger"
            loading={cancel.isPending}
            data-confirm-cancel=""
            onClick={() =>
              cancel.mutate(
                { id: participant.id },
                {
                  onSuccess: () => {
                    notify.success(t('cancel.done'));
                    onClose();
                  },
                },
              )
            }
          >
            {t('cancel.confirm')}
          </Button>
        </>
      }
    >
      {cancel.isError ? <Alert tone="error">{statusText(cancel.error, locale)}</Alert> : null}
    </Dialog>
  );
}

function MemberSessions({
  name,
  participants,
  onCancel,
}: {
  name: string;
  participants: ParticipantDto[];
  onCancel: (participant: ParticipantDto) => void;
}) {
  const { t } = useTranslation('registrations');
  const shown = participants.slice(0, PER_MEMBER);
  return (
    <section
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-xs"
      aria-label={name}
      data-member-sessions=""
    >
      <h3 className="font-semibold text-slate-900">{name}</h3>
      <ul className="mt-2 divide-y divide-slate-100">
        {shown.map((participant) => (
          <li
            key={participant.id}
            className="flex items-center gap-3 py-2.5"
            data-registration={participant.id}
          >
            <span
              className="size-2.5 shrink-0 rounded-full"
              style={{ backgroundColor: participant.service.colorCode }}
              aria-hidden="true"
            />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-slate-900">
                {participant.service.blueprintName}
              </p>
              <p className="text-[13px] text-slate-600">
                <SessionWhen participant={participant} />
              </p>
            </div>
            <div className="flex shrink-0 flex-col items-end gap-1 sm:flex-row sm:items-center sm:gap-2">
              <StatusBadge participant={participant} />
              {participant.canCancel ? (
                <Button
                  variant="ghost"
                  size="sm"
                  className="h-7 px-2 text-red-700 hover:bg-red-50"
                  onClick={() => onCancel(participant)}
                  data-cancel-registration=""
                >
                  {t('cancel.action')}
                </Button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      {participants.length > shown.length ? (
        <p className="mt-2 text-[13px] text-slate-500">
          {t('upcoming.more', { count: participants.length - shown.length })}
        </p>
      ) : null}
    </section>
  );
}

/**
 * 'Mes activités' on a family's dashboard: invitations to answer (with their deadline), requests the
 * club has to review (A traiter), and each member's sessions to come with their status, cancellable
 * where the organisation allows it.
 */
export function MyActivities() {
  const { t } = useTranslation('registrations');
  const locale = useLocale();
  const query = useMyRegistrations();
  const [cancelling, setCancelling] = useState<ParticipantDto | null>(null);

  let body;
  if (query.isPending) {
    body = (
      <div className="grid gap-3 md:grid-cols-2" aria-busy="true">
        <Skeleton className="h-36 w-full rounded-2xl" />
        <Skeleton className="h-36 w-full rounded-2xl" />
      </div>
    );
  } else if (query.isError) {
    body = <ErrorState title={t('error')} error={query.error} onRetry={() => void query.refetch()} />;
  } else {
    const now = Date.now();
    const upcoming = query.data.items
      .filter(
        (p) =>
          !HIDDEN.has(p.status) && Date.parse(p.service.startDateTime) + p.service.duration * 60_000 > now,
      )
      .sort((a, b) => Date.parse(a.service.startDateTime) - Date.parse(b.service.startDateTime));
    const invitations = upcoming.filter((p) => p.status === 'invited');
    const requests = upcoming.filter((p) => p.status === 'needs-review');
    const sessions = upcoming.filter((p) => p.status !== 'invited' && p.status !== 'needs-review');
    const byMember = new Map<string, ParticipantDto[]>();
    for (const p of sessions) byMember.set(p.member.id, [...(byMember.get(p.member.id) ?? []), p]);

    body =
      upcoming.length === 0 ? (
        <div
          className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center"
          data-my-activities-empty=""
        >
          <CalendarDays className="size-8 text-slate-400" aria-hidden="true" />
          <div className="space-y-1">
            <p className="font-semibold text-slate-900">{t('empty.title')}</p>
            <p className="text-sm text-slate-600">{t('empty.text')}</p>
          </div>
          <Button asChild variant="secondary" size="sm">
            <Link to={paths.catalog.to()}>{t('empty.action')}</Link>
          </Button>
        </div>
      ) : (
        <div className="space-y-5">
          {invitations.length > 0 ? (
            <div className="space-y-2" data-invitations="">
              <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-700">
                <MailOpen className="size-4" aria-hidden="true" />
                {t('invitations.title')}
              </h3>
              <ul className="grid gap-3 md:grid-cols-2">
                {invitations.map((p) => (
                  <Invitation key={p.id} participant={p} />
                ))}
              </ul>
            </div>
          ) : null}
          {requests.length > 0 ? (
            <div className="space-y-2" data-requests="">
              <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-700">
                <Hourglass className="size-4" aria-hidden="true" />
                {t('requests.title')}
              </h3>
              <ul className="grid gap-2 md:grid-cols-2">
                {requests.map((p) => (
                  <li
                    key={p.id}
                    className="rounded-xl border border-pink-200 bg-pink-50/50 p-3 text-sm"
                    data-request={p.id}
                  >
                    <div className="flex items-start justify-between gap-2">
                      <p className="min-w-0 font-medium text-slate-900">
                        {displayName(p.member, 'participant', locale)} · {p.service.blueprintName}
                      </p>
                      <StatusBadge participant={p} />
                    </div>
                    <p className="text-slate-600">
                      <SessionWhen participant={p} />
                      {p.reviewReason ? ` · ${t(`requests.reasons.${p.reviewReason}`)}` : null}
                    </p>
                    {p.reviewNote ? <p className="mt-1 text-slate-600 italic">« {p.reviewNote} »</p> : null}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {byMember.size > 0 ? (
            <div className="grid gap-3 md:grid-cols-2" data-upcoming="">
              {[...byMember.values()].map((list) => (
                <MemberSessions
                  key={list[0]!.member.id}
                  name={displayName(list[0]!.member, 'participant', locale)}
                  participants={list}
                  onCancel={setCancelling}
                />
              ))}
            </div>
          ) : null}
        </div>
      );
  }

  return (
    <section aria-labelledby="my-activities-title" className="space-y-3" data-my-activities="">
      <div className="flex items-end justify-between gap-3">
        <h2 id="my-activities-title" className="text-lg font-semibold text-slate-900">
          {t('title')}
        </h2>
        <Link to={paths.calendar.to()} className="text-sm font-medium text-brand-700 hover:underline">
          {t('calendar')}
        </Link>
      </div>
      {body}
      {cancelling ? <CancelDialog participant={cancelling} onClose={() => setCancelling(null)} /> : null}
    </section>
  );
}
