import {
  type InviteAttendeeCandidate,
  type InviteAttendeesResult,
  type InviteSkipReason,
} from '@inscrio/shared';
import { ArrowRight, CalendarX2, CircleCheck, MailPlus, UsersRound } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState, ErrorState } from '@/components/feedback/error-state';
import { PageLoader } from '@/components/feedback/page-loader';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { BackLink } from '@/components/ui/back-link';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { SelectField, TextField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { notificationText } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { formatDateTime, formatPattern } from '@/lib/dates';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { useLocale } from '@/lib/use-locale';
import { usePeriods } from '../api/get-periods';
import { useInviteAttendees, useInvitePreview } from '../api/invite-attendees';
import { usePeriod } from '../api/period';
import type { Period } from '../api/types';
import { useTimeZone } from '@/lib/use-time-zone';
import { localToInstant } from './period-form-model';

/** Who may be invited: a matching session in the target period, and not there already. */
export const invitable = (candidate: InviteAttendeeCandidate) =>
  candidate.target !== null && !candidate.alreadyRegistered;

/** The period planned from this one (the newest if several), else none. */
export function defaultTarget(period: Period, periods: Period[]): string {
  return periods.find((item) => item.previousPeriodId === period.id)?.id ?? '';
}

const fullName = (candidate: InviteAttendeeCandidate) =>
  `${candidate.member.firstName} ${candidate.member.lastName}`.trim();

function useDay() {
  const locale = useLocale();
  const timeZone = useTimeZone();
  return (instant: string) =>
    `${formatPattern(new Date(instant), 'EEE', timeZone, locale)} ${formatDateTime(instant, timeZone, locale)}`;
}

function TargetSession({ candidate }: { candidate: InviteAttendeeCandidate }) {
  const { t } = useTranslation('registry');
  const day = useDay();
  if (!candidate.target) {
    return (
      <span className="inline-flex items-center gap-1.5 text-slate-500" data-no-match="">
        <CalendarX2 className="size-3.5" aria-hidden="true" />
        {t('invite.noMatch')}
      </span>
    );
  }
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <span className="font-medium text-slate-900 tabular-nums">{day(candidate.target.startDateTime)}</span>
      {candidate.alreadyRegistered ? <Badge variant="secondary">{t('invite.alreadyInvited')}</Badge> : null}
    </span>
  );
}

function CandidateList({
  items,
  selected,
  onToggle,
}: {
  items: InviteAttendeeCandidate[];
  selected: Set<string>;
  onToggle: (id: string) => void;
}) {
  const { t } = useTranslation('registry');
  const day = useDay();
  return (
    <ul className="divide-y divide-slate-100" data-invite-candidates="">
      {items.map((candidate) => {
        const enabled = invitable(candidate);
        const id = `invite-${candidate.participantId}`;
        return (
          <li
            key={candidate.participantId}
            className={cn('flex items-start gap-3 py-3', !enabled && 'opacity-70')}
            data-invite-candidate=""
            data-member={fullName(candidate)}
          >
            <Checkbox
              id={id}
              className="mt-1"
              disabled={!enabled}
              checked={enabled && selected.has(candidate.participantId)}
              onChange={() => onToggle(candidate.participantId)}
              aria-label={fullName(candidate)}
            />
            <label
              htmlFor={id}
              className="grid min-w-0 flex-1 gap-1 text-sm md:grid-cols-[1fr_1.3fr_1.3fr] md:gap-4"
            >
              <span className="font-semibold break-words text-slate-900">{fullName(candidate)}</span>
              <span className="flex items-center gap-2 text-slate-600">
                <span
                  className="size-2.5 shrink-0 rounded-full"
                  style={{ backgroundColor: candidate.service.colorCode }}
                  aria-hidden="true"
                />
                <span className="min-w-0">
                  {candidate.service.blueprintName}{' '}
                  <span className="whitespace-nowrap tabular-nums">
                    · {day(candidate.service.startDateTime)}
                  </span>
                </span>
              </span>
              <span className="flex items-center gap-2 text-slate-700">
                <ArrowRight className="size-3.5 shrink-0 text-slate-400" aria-hidden="true" />
                <span className="sr-only">{t('invite.columns.to')}</span>
                <TargetSession candidate={candidate} />
              </span>
            </label>
          </li>
        );
      })}
    </ul>
  );
}

function ResultCard({
  result,
  items,
  targetPeriodId,
  onAgain,
}: {
  result: InviteAttendeesResult;
  items: InviteAttendeeCandidate[];
  targetPeriodId: string;
  onAgain: () => void;
}) {
  const { t } = useTranslation('registry');
  const day = useDay();
  const names = new Map(items.map((item) => [item.participantId, fullName(item)]));
  return (
    <Card data-invite-result="">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CircleCheck className="size-5 text-emerald-600" aria-hidden="true" />
          {t('invite.result.title')}
        </CardTitle>
        <CardDescription>
          {t('invite.deadline')} : <span className="font-medium tabular-nums">{day(result.deadline)}</span>
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-lg font-semibold text-slate-900" data-invited-count={result.invited.length}>
          {t('invite.result.invited', { count: result.invited.length })}
        </p>
        {result.skipped.length > 0 ? (
          <div className="space-y-2">
            <p className="font-medium text-slate-800" data-skipped-count={result.skipped.length}>
              {t('invite.result.skipped', { count: result.skipped.length })}
            </p>
            <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 text-sm">
              {result.skipped.map((item) => (
                <li
                  key={item.participantId}
                  className="flex flex-wrap items-center justify-between gap-2 px-3 py-2"
                  data-skipped=""
                >
                  <span className="font-medium text-slate-900">
                    {names.get(item.participantId) ?? item.participantId}
                  </span>
                  <span className="text-slate-600" title={item.message}>
                    {t(`invite.result.reasons.${item.reason as InviteSkipReason}`)}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <Button asChild>
            <Link to={paths.registry.to({ periodId: targetPeriodId, status: 'invited' })}>
              {t('invite.result.toRegistry')}
            </Link>
          </Button>
          <Button asChild variant="secondary">
            <Link to={paths.period.to(targetPeriodId)}>{t('invite.result.toPeriod')}</Link>
          </Button>
          <Button variant="ghost" onClick={onAgain}>
            {t('invite.result.again')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function InviteForm({ period }: { period: Period }) {
  const { t } = useTranslation('registry');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const periods = usePeriods({ pageSize: 100 });
  const others = (periods.data?.items ?? []).filter((item) => item.id !== period.id);
  const [target, setTarget] = useState<string | null>(null);
  const targetId = target ?? defaultTarget(period, others);
  const preview = useInvitePreview(period.id, targetId);
  const invite = useInviteAttendees();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [deadlineDate, setDeadlineDate] = useState('');
  const [deadlineTime, setDeadlineTime] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<InviteAttendeesResult | null>(null);
  const items = useMemo(() => preview.data?.items ?? [], [preview.data]);
  const eligible = useMemo(() => items.filter(invitable), [items]);

  // Every attendee who can be invited starts selected, for each target period.
  useEffect(() => {
    setSelected(new Set(eligible.map((item) => item.participantId)));
  }, [eligible]);

  const deadline =
    deadlineDate === '' && deadlineTime === ''
      ? undefined
      : (localToInstant(deadlineDate, deadlineTime || '23:59', timeZone) ?? null);
  const deadlineError =
    deadline === null
      ? t('invite.deadlinePast')
      : deadline !== undefined && new Date(deadline).getTime() <= Date.now()
        ? t('invite.deadlinePast')
        : undefined;
  const count = eligible.filter((item) => selected.has(item.participantId)).length;

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const confirm = async () => {
    if (deadlineError || count === 0) return;
    setError(null);
    try {
      const answer = await invite.mutateAsync({
        periodId: period.id,
        input: {
          targetPeriodId: targetId,
          participantIds: eligible
            .filter((item) => selected.has(item.participantId))
            .map((item) => item.participantId),
          ...(deadline ? { deadline } : {}),
        },
      });
      setResult(answer);
      notify.success(t('invite.result.invited', { count: answer.invited.length }));
    } catch (cause) {
      setError(notificationText(cause, locale));
    }
  };

  if (result) {
    return (
      <ResultCard
        result={result}
        items={items}
        targetPeriodId={targetId}
        onAgain={() => {
          setResult(null);
          void preview.refetch();
        }}
      />
    );
  }

  if (periods.isPending) return <Spinner label={t('loading')} />;
  if (periods.isError) return <ErrorState error={periods.error} onRetry={() => void periods.refetch()} />;
  if (others.length === 0) {
    return (
      <EmptyState
        icon={<CalendarX2 className="size-8" aria-hidden="true" />}
        title={t('invite.noTarget')}
        text={t('invite.noTargetHint')}
        action={
          <Button asChild variant="secondary" size="sm">
            <Link to={paths.periodPlanNext.to(period.id)}>{t('invite.back')}</Link>
          </Button>
        }
      />
    );
  }

  return (
    <div className="space-y-6" data-invite-form="">
      <Card>
        <CardContent className="grid gap-x-5 gap-y-4 pt-5 sm:grid-cols-2">
          <SelectField
            className="sm:col-span-2"
            label={t('invite.target')}
            value={targetId}
            onChange={(event) => setTarget(event.target.value)}
            data-invite-target=""
          >
            <option value="">{t('invite.chooseTarget')}</option>
            {others.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </SelectField>
          <fieldset className="grid gap-x-5 gap-y-2 sm:col-span-2 sm:grid-cols-2">
            <legend className="mb-1.5 text-sm font-medium text-slate-800">{t('invite.deadline')}</legend>
            <TextField
              type="date"
              label={t('invite.deadlineDate')}
              value={deadlineDate}
              onChange={(event) => setDeadlineDate(event.target.value)}
              aria-invalid={deadlineError ? true : undefined}
              data-invite-deadline-date=""
            />
            <TextField
              type="time"
              label={t('invite.deadlineTime')}
              value={deadlineTime}
              onChange={(event) => setDeadlineTime(event.target.value)}
              aria-invalid={deadlineError ? true : undefined}
            />
            {deadlineError ? (
              <p className="text-[13px] font-medium text-red-600 sm:col-span-2">{deadlineError}</p>
            ) : (
              <p className="text-xs text-slate-500 sm:col-span-2">{t('invite.deadlineHint', { timeZone })}</p>
            )}
          </fieldset>
        </CardContent>
      </Card>

      {targetId === '' ? null : (
        <Card>
          <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="space-y-1">
              <CardTitle className="flex items-center gap-2">
                <UsersRound className="size-5 text-slate-500" aria-hidden="true" />
                {t('invite.attendees')}
              </CardTitle>
              <CardDescription>
                {t('invite.columns.from')} <ArrowRight className="inline size-3.5" aria-hidden="true" />{' '}
                {t('invite.columns.to')}
              </CardDescription>
            </div>
            {eligible.length > 0 ? (
              <div className="flex gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => setSelected(new Set(eligible.map((item) => item.participantId)))}
                >
                  {t('invite.selectAll')}
                </Button>
                <Button variant="ghost" size="sm" onClick={() => setSelected(new Set())}>
                  {t('invite.selectNone')}
                </Button>
              </div>
            ) : null}
          </CardHeader>
          <CardContent className={cn(preview.isFetching && 'opacity-60')}>
            {preview.isPending ? (
              <div className="flex justify-center py-8">
                <Spinner label={t('loading')} />
              </div>
            ) : preview.isError ? (
              <ErrorState error={preview.error} onRetry={() => void preview.refetch()} />
            ) : items.length === 0 ? (
              <EmptyState
                icon={<UsersRound className="size-8" aria-hidden="true" />}
                title={t('invite.empty')}
                text={t('invite.emptyHint')}
              />
            ) : (
              <CandidateList items={items} selected={selected} onToggle={toggle} />
            )}
          </CardContent>
        </Card>
      )}

      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="sticky bottom-0 -mx-4 flex flex-col gap-3 border-t border-slate-200 bg-slate-50/95 px-4 py-3 backdrop-blur sm:mx-0 sm:flex-row sm:items-center sm:justify-between sm:rounded-2xl sm:border sm:bg-white sm:px-5">
        <p className="text-sm font-medium text-slate-700" aria-live="polite" data-invite-count={count}>
          {count > 0 ? t('invite.preview', { count }) : t('invite.previewNone')}
        </p>
        <Button
          onClick={() => void confirm()}
          loading={invite.isPending}
          disabled={count === 0 || Boolean(deadlineError) || preview.isFetching}
          data-confirm-invite=""
        >
          <MailPlus aria-hidden="true" />
          {t('invite.confirm')}
        </Button>
      </div>
    </div>
  );
}

/**
 * `/periods/{id}/invite-attendees` (simple layout): the period's confirmed attendees are invited to the
 * matching session of another period (by default the one planned from it), with a deadline.
 */
export function PeriodInviteAttendeesPage() {
  const { t } = useTranslation('registry');
  const { id = '' } = useParams();
  const query = usePeriod(id);
  const period = query.data;
  if (query.isPending) return <PageLoader />;
  if (query.isError || !period) {
    return (
      <PageContainer className="max-w-5xl">
        <BackLink to={paths.periods.to()}>{t('invite.back')}</BackLink>
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      </PageContainer>
    );
  }
  return (
    <PageContainer className="max-w-5xl">
      <BackLink to={paths.period.to(period.id)}>{period.name}</BackLink>
      <PageHeader title={t('invite.title')} description={t('invite.description', { period: period.name })} />
      <InviteForm period={period} />
    </PageContainer>
  );
}
