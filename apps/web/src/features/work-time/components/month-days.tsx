import type { WorkMonthDto, WorkTimeCorrection } from '@inscrio/shared';
import { CalendarClock, Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/feedback/error-state';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { signedDuration, useWorkTexts } from './texts';

type Day = WorkMonthDto['days'][number];

export interface CorrectionActions {
  onEdit: (correction: WorkTimeCorrection) => void;
  onDelete: (correction: WorkTimeCorrection) => void;
}

/** One day: its sessions (each a link to its page), its corrections, its total. */
function DayCard({
  day,
  sessionLink,
  actions,
}: {
  day: Day;
  sessionLink: (serviceId: string) => string;
  actions: CorrectionActions | null;
}) {
  const { t } = useTranslation('work-time');
  const texts = useWorkTexts();
  return (
    <li className="space-y-2 px-4 py-3 sm:px-5" data-day={day.day}>
      <div className="flex items-baseline justify-between gap-3">
        <h4 className="font-semibold text-slate-900 first-letter:uppercase">{texts.weekday(day.day)}</h4>
        <span className="font-semibold text-slate-900 tabular-nums" data-day-total="">
          {texts.duration(day.minutes)}
        </span>
      </div>
      <ul className="space-y-1">
        {day.sessions.map((session) => (
          <li key={session.prestationId} className="flex items-center justify-between gap-3 text-sm">
            <Link
              to={sessionLink(session.serviceId)}
              className={cn(
                'min-h-11 min-w-0 content-center rounded text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600',
                session.excludedBecause && 'text-slate-500 line-through',
              )}
            >
              {texts.time(session.startDateTime)} · {session.activityName}
              <span className="sr-only"> – {texts.day(day.day)}</span>
            </Link>
            <span className="shrink-0 text-right text-slate-700 tabular-nums">
              {session.excludedBecause ? (
                <span className="text-xs text-slate-500">
                  {t('days.notCounted', { reason: texts.exclusion(session.excludedBecause) })}
                </span>
              ) : (
                texts.duration(session.minutes)
              )}
            </span>
          </li>
        ))}
        {day.corrections.map((correction) => (
          <li
            key={correction.id}
            className="flex flex-wrap items-center justify-between gap-x-3 text-sm"
            data-correction={correction.id}
          >
            <span className="min-w-0 break-words text-slate-700 italic">{correction.note}</span>
            <span className="flex shrink-0 items-center gap-1">
              <span className="font-medium text-slate-900 tabular-nums">
                {signedDuration(correction.minutes)}
              </span>
              {actions ? (
                <>
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={t('correction.editOf', { note: correction.note })}
                    onClick={() => actions.onEdit(correction)}
                  >
                    <Pencil aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    className="text-red-700 hover:bg-red-50"
                    aria-label={t('correction.deleteOf', { note: correction.note })}
                    onClick={() => actions.onDelete(correction)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
    </li>
  );
}

/** The month's weeks and days; corrections editable when `actions` is given. */
export function MonthDays({
  month,
  sessionLink,
  actions,
}: {
  month: WorkMonthDto;
  sessionLink: (serviceId: string) => string;
  actions: CorrectionActions | null;
}) {
  const { t } = useTranslation('work-time');
  const texts = useWorkTexts();
  if (month.days.length === 0) {
    return (
      <Card className="p-5">
        <EmptyState
          icon={<CalendarClock className="size-8" aria-hidden="true" />}
          title={t('days.empty')}
          text={t('days.emptyText')}
        />
      </Card>
    );
  }
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <Card className="overflow-hidden">
        <h3 className="border-b border-slate-100 px-4 py-3 text-sm font-semibold text-slate-900 sm:px-5">
          {t('days.title')}
        </h3>
        <ul className="divide-y divide-slate-100" data-days="">
          {month.days.map((day) => (
            <DayCard key={day.day} day={day} sessionLink={sessionLink} actions={actions} />
          ))}
        </ul>
      </Card>
      <Card className="h-fit overflow-hidden">
        <h3 className="border-b border-slate-100 px-4 py-3 text-sm font-semibold text-slate-900 sm:px-5">
          {t('weeks.title')}
        </h3>
        <ul className="divide-y divide-slate-100" data-weeks="">
          {month.weeks.map((week) => (
            <li key={week.weekStart} className="flex justify-between gap-3 px-4 py-2.5 text-sm sm:px-5">
              <span className="text-slate-700">{t('weeks.weekOf', { date: texts.day(week.weekStart) })}</span>
              <span className="font-semibold text-slate-900 tabular-nums">
                {texts.duration(week.minutes)}
              </span>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
