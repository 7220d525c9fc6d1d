import { ChevronRight, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SessionStatusBadge } from '@/components/ui/session-status-badge';
import { cn } from '@/lib/cn';
import { formatPattern } from '@/lib/dates';
import { useLocale } from '@/lib/use-locale';
import type { Service } from '../api/types';
import { fillingText, isUnlimited, longDayText, reservedText } from '../utils/service-texts';
import { SeatsMeter } from './seats-meter';

const HEX = /^#[0-9a-f]{6}$/i;

/** Sessions grouped under their day (in the organisation's time zone), each a link to its page. */
export function ServicesByDay({
  services,
  timeZone,
  linkTo,
  showHolders,
}: {
  services: readonly Service[];
  timeZone: string;
  linkTo: (serviceId: string) => string;
  showHolders: boolean;
}) {
  const { t } = useTranslation('holdings');
  const locale = useLocale();
  const timeText = (date: Date | string) => formatPattern(new Date(date), 'HH:mm', timeZone, locale);
  const days = new Map<string, Service[]>();
  for (const service of services) {
    const key = formatPattern(new Date(service.startDateTime), 'yyyy-MM-dd', timeZone, locale);
    days.set(key, [...(days.get(key) ?? []), service]);
  }

  return (
    <ol className="space-y-6">
      {[...days.entries()].map(([key, list]) => (
        <li key={key} data-day={key}>
          <h2 className="text-sm font-semibold text-slate-800">
            {longDayText(list[0]!.startDateTime, timeZone, locale)}
          </h2>
          <ul className="mt-2 divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xs">
            {list.map((service) => {
              const cancelled = service.status === 'cancelled';
              const color = HEX.test(service.colorCode) ? service.colorCode : '#64748B';
              return (
                <li key={service.id} data-service={service.id} data-status={service.status}>
                  <Link
                    to={linkTo(service.id)}
                    className="flex items-center gap-3 px-4 py-3 transition-colors hover:bg-slate-50 focus-visible:bg-slate-50 sm:gap-4"
                  >
                    <span
                      className="h-10 w-1 shrink-0 rounded-full"
                      style={{ backgroundColor: color }}
                      aria-hidden="true"
                    />
                    <span
                      className={cn(
                        'w-12 shrink-0 text-sm tabular-nums',
                        cancelled ? 'text-slate-500 line-through' : 'text-slate-800',
                      )}
                    >
                      <span className="block font-semibold">{timeText(service.startDateTime)}</span>
                      <span className="block text-xs text-slate-500">
                        {timeText(new Date(Date.parse(service.startDateTime) + service.duration * 60_000))}
                      </span>
                    </span>
                    <span className="min-w-0 flex-1">
                      <span
                        className={cn(
                          'block truncate text-sm font-semibold',
                          cancelled ? 'text-slate-500 line-through' : 'text-slate-900',
                        )}
                      >
                        {service.blueprintName}
                      </span>
                      <span className="block text-xs text-slate-600 tabular-nums sm:hidden">
                        {t('list.reserved', { seats: reservedText(service.seats, locale) })}
                      </span>
                      {showHolders ? (
                        <span className="flex items-center gap-1 truncate text-xs text-slate-500">
                          <Users className="size-3 shrink-0" aria-hidden="true" />
                          {service.holders.length > 0
                            ? service.holders.map((holder) => holder.displayName).join(', ')
                            : t('list.noHolder')}
                        </span>
                      ) : null}
                    </span>
                    <span className="hidden w-36 shrink-0 space-y-1 sm:block">
                      <span className="block text-right text-xs text-slate-600 tabular-nums">
                        {t('list.reserved', { seats: reservedText(service.seats, locale) })}
                        {isUnlimited(service.seats) ? '' : ` · ${fillingText(service.seats, locale)}`}
                      </span>
                      {isUnlimited(service.seats) ? null : (
                        <SeatsMeter rate={service.seats.fillingRate} label={t('seats.fillingRate')} />
                      )}
                    </span>
                    {service.status === 'confirmed' ? null : <SessionStatusBadge status={service.status} />}
                    <ChevronRight className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
                  </Link>
                </li>
              );
            })}
          </ul>
        </li>
      ))}
    </ol>
  );
}
