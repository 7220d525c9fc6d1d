import { formatPercent, formatSeats, UNLIMITED_SEATS } from '@inscrio/shared';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { useLocale } from '@/lib/use-locale';
import type { Seats } from '../api/types';

/** Reserved, free and filling rate of a session; 'Illimité' when the seats are unlimited. */
export function SeatsCard({ seats }: { seats: Seats }) {
  const { t } = useTranslation('services');
  const locale = useLocale();
  const unlimited = seats.maxSeats === UNLIMITED_SEATS;
  // fillingRate is a whole percent; formatPercent takes hundredths of a percent.
  const rate = seats.fillingRate * 100;
  return (
    <Card data-seats="">
      <CardHeader>
        <CardTitle>{t('seats.title')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid grid-cols-3 gap-3 text-center">
          <div className="rounded-xl bg-slate-50 px-2 py-3">
            <dt className="text-xs text-slate-500">{t('seats.reserved')}</dt>
            <dd className="text-xl font-bold text-slate-900 tabular-nums">{seats.reservedSeats}</dd>
          </div>
          <div className="rounded-xl bg-slate-50 px-2 py-3">
            <dt className="text-xs text-slate-500">{t('seats.free')}</dt>
            <dd className="text-xl font-bold text-slate-900 tabular-nums">
              {seats.freeSeats === UNLIMITED_SEATS ? '∞' : seats.freeSeats}
            </dd>
          </div>
          <div className="rounded-xl bg-slate-50 px-2 py-3">
            <dt className="text-xs text-slate-500">{t('seats.total')}</dt>
            <dd className="text-xl font-bold text-slate-900 tabular-nums">
              {unlimited ? formatSeats(UNLIMITED_SEATS, locale) : seats.maxSeats}
            </dd>
          </div>
        </dl>
        {unlimited ? (
          <p className="text-sm text-slate-600">{t('seats.unlimited')}</p>
        ) : (
          <div className="space-y-1.5">
            <div className="flex justify-between text-sm">
              <span className="text-slate-600">{t('seats.fillingRate')}</span>
              <span className="font-semibold text-slate-900 tabular-nums">{formatPercent(rate, locale)}</span>
            </div>
            <div
              className="h-2.5 overflow-hidden rounded-full bg-slate-100"
              role="progressbar"
              aria-label={t('seats.fillingRate')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={seats.fillingRate}
            >
              <div
                className={cn(
                  'h-full rounded-full',
                  seats.fillingRate >= 100
                    ? 'bg-red-500'
                    : seats.fillingRate >= 80
                      ? 'bg-amber-500'
                      : 'bg-emerald-500',
                )}
                style={{ width: `${Math.min(100, seats.fillingRate)}%` }}
              />
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
