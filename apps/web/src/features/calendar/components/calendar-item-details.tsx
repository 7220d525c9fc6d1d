import { type CalendarItem, formatDuration, formatSeats, UNLIMITED_SEATS } from '@inscrio/shared';
import { ArrowRight } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { SessionStatusBadge } from '@/components/ui/session-status-badge';
import { SideDrawer } from '@/components/ui/side-drawer';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { useCalendarTexts } from '../hooks/use-calendar-texts';
import { safeColor } from '../utils/color';

/** Who looks at the calendar decides where an item leads. */
export type CalendarAudience = 'manager' | 'holder' | 'family';

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2.5">
      <dt className="text-sm text-slate-500">{term}</dt>
      <dd className="text-right text-sm font-medium text-slate-900 tabular-nums">{children}</dd>
    </div>
  );
}

/** The session's figures, for managers and holders (a family's calendar has none). */
function Seats({ seats, timeZone }: { seats: NonNullable<CalendarItem['seats']>; timeZone: string }) {
  const { t } = useTranslation('calendar');
  const texts = useCalendarTexts(timeZone);
  const unlimited = seats.maxSeats === UNLIMITED_SEATS;
  const rate = texts.fillingRate({ seats });
  return (
    <section aria-labelledby="calendar-seats">
      <h3 id="calendar-seats" className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {t('details.seats')}
      </h3>
      <dl className="divide-y divide-slate-100">
        <Row term={t('details.maxSeats')}>{formatSeats(seats.maxSeats, texts.locale)}</Row>
        <Row term={t('details.reservedSeats')}>{seats.reservedSeats}</Row>
        <Row term={t('details.freeSeats')}>{texts.freeSeats({ seats })}</Row>
        {unlimited ? null : <Row term={t('details.fillingRate')}>{rate}</Row>}
      </dl>
      {unlimited ? null : (
        <div
          className="mt-1 h-2 overflow-hidden rounded-full bg-slate-100"
          role="meter"
          aria-label={t('details.fillingRate')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={seats.fillingRate}
        >
          <div
            className={cn('h-full rounded-full', seats.fillingRate >= 100 ? 'bg-red-500' : 'bg-brand-600')}
            style={{ width: `${seats.fillingRate}%` }}
          />
        </div>
      )}
    </section>
  );
}

function ItemDetails({
  item,
  timeZone,
  audience,
}: {
  item: CalendarItem;
  timeZone: string;
  audience: CalendarAudience;
}) {
  const { t } = useTranslation('calendar');
  const texts = useCalendarTexts(timeZone);
  const link =
    audience === 'manager'
      ? { to: paths.managedService.to(item.id), label: t('details.manage') }
      : audience === 'holder'
        ? { to: paths.holdingService.to(item.id), label: t('details.openSession') }
        : { to: paths.catalogBlueprint.to(item.blueprintId), label: t('details.openActivity') };

  return (
    <div className="space-y-5 px-5 py-4" data-calendar-details={item.id}>
      <div className="flex flex-wrap items-center gap-2">
        <span
          className="size-3 rounded-full"
          style={{ backgroundColor: safeColor(item.colorCode) }}
          aria-hidden="true"
        />
        <SessionStatusBadge status={item.status} />
      </div>
      <div className={cn('space-y-0.5', item.status === 'cancelled' && 'text-slate-500 line-through')}>
        <p className="text-base font-semibold text-slate-900">{texts.longDay(item.startDateTime)}</p>
        <p className="text-sm text-slate-700 tabular-nums">
          {texts.hours(item)} <span className="text-slate-500">·</span> {formatDuration(item.duration)}
        </p>
      </div>
      {item.status === 'postponed' && item.originalStartDateTime ? (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t('details.originally', {
            date: formatDateTime(item.originalStartDateTime, timeZone, texts.locale),
          })}
        </p>
      ) : null}
      {item.status === 'cancelled' ? (
        <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">{t('details.cancelled')}</p>
      ) : null}

      {item.attendees.length > 0 ? (
        <section aria-labelledby="calendar-attendees" data-calendar-attendees="">
          <h3
            id="calendar-attendees"
            className="text-xs font-semibold tracking-wide text-slate-500 uppercase"
          >
            {t('details.attendees', { count: item.attendees.length })}
          </h3>
          <ul className="mt-1 flex flex-wrap gap-2">
            {item.attendees.map((name) => (
              <li
                key={name}
                className="rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-800"
              >
                {name}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {item.seats ? <Seats seats={item.seats} timeZone={timeZone} /> : null}

      <Button asChild variant="secondary" className="w-full">
        <Link to={link.to}>
          {link.label}
          <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
    </div>
  );
}

/** The side drawer an item opens: its details and, for managers, the way to the session's page. */
export function CalendarItemDrawer({
  item,
  timeZone,
  audience,
  onClose,
}: {
  item: CalendarItem | null;
  timeZone: string;
  audience: CalendarAudience;
  onClose: () => void;
}) {
  const { title } = useCalendarTexts(timeZone);
  // The drawer keeps showing the last item while it slides out.
  const [shown, setShown] = useState(item);
  if (item && item !== shown) setShown(item);
  return (
    <SideDrawer
      open={item !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={shown ? title(shown) : ''}
    >
      {shown ? <ItemDetails item={shown} timeZone={timeZone} audience={audience} /> : null}
    </SideDrawer>
  );
}
