import { canManageAccounting, formatMoney, isAtLeastOrgManager, localDay } from '@inscrio/shared';
import { ArrowRight, CalendarDays, ClipboardList, Clock, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState } from '@/components/feedback/error-state';
import { IncompleteInformationNotice } from '@/components/feedback/incomplete-information-notice';
import { Skeleton } from '@/components/ui/skeleton';
import { SessionStatusBadge } from '@/components/ui/session-status-badge';
import { SeatsMeter } from '@/features/holdings';
import { fillingText, hoursText, isUnlimited, reservedText } from '@/features/holdings';
import { useOrganizationWarnings } from '@/features/organization-settings';
import { useAuth } from '@/lib/auth-store';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import { useLocale } from '@/lib/use-locale';
import { useTimeZone } from '@/lib/use-time-zone';
import { useOutstanding, useReviewCount, useSessionsOfDay } from '../api/manager-to-do';

/** One figure that leads to where it is dealt with. */
function TodoCard({
  to,
  icon,
  label,
  value,
  detail,
  tone = 'neutral',
  pending,
  failed,
  id,
}: {
  to: string;
  icon: ReactNode;
  label: string;
  value?: ReactNode;
  detail?: ReactNode;
  tone?: 'neutral' | 'attention' | 'alert';
  pending: boolean;
  failed: boolean;
  id: string;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <li>
      <Link
        to={to}
        data-todo={id}
        className={cn(
          'group flex h-full items-start gap-3 rounded-2xl border bg-white p-4 shadow-xs transition hover:-translate-y-0.5 hover:shadow-md focus-visible:outline-2 focus-visible:outline-brand-600 sm:p-5',
          tone === 'alert'
            ? 'border-red-200'
            : tone === 'attention'
              ? 'border-amber-200'
              : 'border-slate-200',
        )}
      >
        <span
          className={cn(
            'grid size-10 shrink-0 place-items-center rounded-xl [&_svg]:size-5',
            tone === 'alert'
              ? 'bg-red-50 text-red-700'
              : tone === 'attention'
                ? 'bg-amber-50 text-amber-700'
                : 'bg-brand-50 text-brand-700',
          )}
          aria-hidden="true"
        >
          {icon}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block text-sm font-medium text-slate-600">{label}</span>
          {pending ? (
            <Skeleton className="mt-1 h-7 w-24" />
          ) : failed ? (
            <span className="mt-1 block text-sm text-red-700">{t('manager.unavailable')}</span>
          ) : (
            <>
              <span className="mt-0.5 block text-2xl font-bold text-slate-900 tabular-nums">{value}</span>
              {detail ? <span className="block text-xs text-slate-500">{detail}</span> : null}
            </>
          )}
        </span>
        <ArrowRight
          className="mt-1 size-4 shrink-0 text-slate-400 transition group-hover:translate-x-0.5 group-hover:text-brand-700"
          aria-hidden="true"
        />
      </Link>
    </li>
  );
}

/** Today's sessions with their fill, each leading to its page. */
function TodaySessions() {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const day = localDay(new Date(), timeZone);
  const query = useSessionsOfDay(day, timeZone);
  return (
    <section aria-labelledby="today-sessions" data-today-sessions="" className="space-y-3">
      <div className="flex items-center justify-between gap-3">
        <h2 id="today-sessions" className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <CalendarDays className="size-5 text-brand-700" aria-hidden="true" />
          {t('manager.today.title')}
        </h2>
        <Link to={paths.calendar.to()} className="text-sm font-medium text-brand-700 hover:underline">
          {t('manager.today.all')}
        </Link>
      </div>
      {query.isPending ? (
        <div className="space-y-2" aria-busy="true">
          <Skeleton className="h-16 rounded-2xl" />
          <Skeleton className="h-16 rounded-2xl" />
        </div>
      ) : query.isError ? (
        <ErrorState
          title={t('manager.today.error')}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.items.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-600">
          {t('manager.today.none')}
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white">
          {query.data.items.map((session) => (
            <li key={session.id}>
              <Link
                to={paths.managedService.to(session.id)}
                data-today-session={session.id}
                className="flex flex-col gap-2 px-4 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 sm:flex-row sm:items-center sm:gap-4"
              >
                <span className="w-28 shrink-0 text-sm font-semibold text-slate-900 tabular-nums">
                  {hoursText(session.startDateTime, session.duration, timeZone, locale)}
                </span>
                <span className="flex min-w-0 flex-1 items-center gap-2">
                  <span
                    className="size-2.5 shrink-0 rounded-full"
                    style={{ backgroundColor: session.colorCode }}
                    aria-hidden="true"
                  />
                  <span className="truncate text-sm font-medium text-slate-900">{session.blueprintName}</span>
                  {session.status !== 'confirmed' ? <SessionStatusBadge status={session.status} /> : null}
                </span>
                <span className="flex items-center gap-3 sm:w-56">
                  {isUnlimited(session.seats) ? null : (
                    <SeatsMeter
                      rate={session.seats.fillingRate}
                      label={t('manager.today.fill')}
                      className="flex-1"
                    />
                  )}
                  <span className="shrink-0 text-xs text-slate-600 tabular-nums">
                    {t('manager.today.seats', {
                      seats: reservedText(session.seats, locale),
                      rate: isUnlimited(session.seats) ? '' : fillingText(session.seats, locale),
                    }).trim()}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * What a manager has to do, at the top of their dashboard: the 'Informations à compléter' notice,
 * requests to review, what is unpaid and overdue, and today's sessions with their fill; each leads on.
 */
export function ManagerToDo() {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const { user, organization } = useAuth();
  const accounting = canManageAccounting(user, user?.establishment);
  const orgManager = isAtLeastOrgManager(user);
  const warnings = useOrganizationWarnings(orgManager ? (organization?.id ?? '') : '');
  const reviews = useReviewCount();
  const outstanding = useOutstanding(accounting);

  return (
    <div className="space-y-6" data-manager-todo="">
      {orgManager && warnings.isSuccess ? <IncompleteInformationNotice sections={warnings.data} /> : null}
      <section aria-labelledby="manager-todo-title" className="space-y-3">
        <h2 id="manager-todo-title" className="text-base font-semibold text-slate-900">
          {t('manager.title')}
        </h2>
        <ul className={cn('grid gap-3 sm:gap-4', accounting ? 'sm:grid-cols-3' : 'sm:grid-cols-2')}>
          <TodoCard
            id="reviews"
            to={paths.reviews.to()}
            icon={<ClipboardList />}
            label={t('manager.reviews.label')}
            value={reviews.data}
            detail={
              reviews.data === 0
                ? t('manager.reviews.none')
                : t('manager.reviews.detail', { count: reviews.data })
            }
            tone={reviews.data ? 'attention' : 'neutral'}
            pending={reviews.isPending}
            failed={reviews.isError}
          />
          {accounting ? (
            <>
              <TodoCard
                id="unpaid"
                to={paths.accounting.to({ status: 'pending' })}
                icon={<Wallet />}
                label={t('manager.unpaid.label')}
                value={outstanding.data ? formatMoney(outstanding.data.unpaid.amount, locale) : null}
                detail={t('manager.unpaid.detail', { count: outstanding.data?.unpaid.count ?? 0 })}
                tone={outstanding.data?.unpaid.count ? 'attention' : 'neutral'}
                pending={outstanding.isPending}
                failed={outstanding.isError}
              />
              <TodoCard
                id="overdue"
                to={paths.accounting.to({ status: 'overdue' })}
                icon={<Clock />}
                label={t('manager.overdue.label')}
                value={outstanding.data ? formatMoney(outstanding.data.overdue.amount, locale) : null}
                detail={t('manager.overdue.detail', { count: outstanding.data?.overdue.count ?? 0 })}
                tone={outstanding.data?.overdue.count ? 'alert' : 'neutral'}
                pending={outstanding.isPending}
                failed={outstanding.isError}
              />
            </>
          ) : null}
        </ul>
      </section>
      <TodaySessions />
    </div>
  );
}
