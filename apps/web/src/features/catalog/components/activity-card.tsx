import { type CatalogItem, formatMoney, type Locale, VISIBILITIES } from '@inscrio/shared';
import { CalendarClock, Clock, MapPin, MessageSquareMore, Users, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime, formatPattern } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { useLocale } from '@/lib/use-locale';
import { ActivityCover } from './activity-cover';

/** Price text of spec section 5, with 'dès' when supplements may add to it. */
export function usePriceText() {
  const { t } = useTranslation('catalog');
  const locale = useLocale();
  return (item: Pick<CatalogItem, 'price' | 'supplements'>) => {
    const price = formatMoney(item.price, locale);
    return item.supplements.length > 0 ? t('card.from', { price }) : price;
  };
}

/** 'mar. 24/11/2026 17:00': a session start in the organisation's time zone. */
export function sessionStartText(date: string, timeZone: string, locale: Locale): string {
  const day = formatPattern(new Date(date), 'EEE', timeZone, locale);
  return `${day} ${formatDateTime(date, timeZone, locale)}`;
}

/** One activity of the catalogue: the whole card links to its page. */
export function ActivityCard({
  item,
  timeZone,
  showVisibility = false,
}: {
  item: CatalogItem;
  timeZone: string;
  /** Managers also see the drafts and private activities: they are told which is which. */
  showVisibility?: boolean;
}) {
  const { t } = useTranslation('catalog');
  const locale = useLocale();
  const priceText = usePriceText();
  return (
    <Card className="group relative flex flex-col overflow-hidden transition-shadow focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md hover:shadow-slate-900/10">
      <div className="relative">
        <ActivityCover
          imageUrl={item.imageUrl}
          colorCode={item.colorCode}
          className="h-16 sm:aspect-[16/6] sm:h-auto"
        />
        {showVisibility && item.visibility !== 'public' ? (
          <Badge variant="outline" className="absolute top-2 left-2 border-white/70 bg-white/90">
            {VISIBILITIES.label(item.visibility, locale)}
          </Badge>
        ) : !showVisibility && item.visibility !== 'public' ? (
          // A family cannot register itself here: it asks the club (spec section 4, protected/private).
          <Badge
            variant="pink"
            className="absolute top-2 left-2 gap-1 border-white/70 shadow-xs"
            data-on-request=""
          >
            <MessageSquareMore className="size-3" aria-hidden="true" />
            {t('card.onRequest')}
          </Badge>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4 sm:p-5">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0 space-y-1">
            <h2 className="text-base leading-snug font-semibold text-slate-900">
              <Link
                to={paths.catalogBlueprint.to(item.id)}
                className="after:absolute after:inset-0 focus:outline-none"
                data-activity-link=""
              >
                {item.name}
              </Link>
            </h2>
            <p className="flex items-center gap-1.5 text-sm text-slate-600">
              <MapPin className="size-3.5 shrink-0 text-slate-400" aria-hidden="true" />
              <span className="truncate">{item.establishment.name}</span>
            </p>
          </div>
          <p
            className="shrink-0 text-right text-base font-bold whitespace-nowrap text-slate-900"
            data-price=""
          >
            {priceText(item)}
          </p>
        </div>

        <ul className="flex flex-wrap gap-x-4 gap-y-1.5 text-[13px] text-slate-700">
          <li className="flex items-center gap-1.5">
            <Clock className="size-3.5 text-slate-400" aria-hidden="true" />
            <span className="sr-only">{t('facts.duration')} </span>
            {item.durationText}
          </li>
          <li className="flex items-center gap-1.5">
            <UserRound className="size-3.5 text-slate-400" aria-hidden="true" />
            <span className="sr-only">{t('facts.age')} </span>
            {item.ageRestrictionText}
          </li>
          <li className="flex items-center gap-1.5">
            <Users className="size-3.5 text-slate-400" aria-hidden="true" />
            <span className="sr-only">{t('facts.seats')} </span>
            {item.seatsText}
          </li>
        </ul>

        <div className="mt-auto border-t border-slate-100 pt-3">
          <p className="mb-1.5 flex items-center gap-1.5 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            <CalendarClock className="size-3.5" aria-hidden="true" />
            {t('card.nextSessions')}
          </p>
          {item.nextSessions.length === 0 ? (
            <p className="text-sm text-slate-500">{t('card.noSession')}</p>
          ) : (
            <ul className="space-y-1 text-sm text-slate-700">
              {item.nextSessions.map((session) => (
                <li key={session.id} className="flex items-center justify-between gap-2">
                  <span className="tabular-nums first-letter:uppercase">
                    {sessionStartText(session.startDateTime, timeZone, locale)}
                  </span>
                  {session.freeSeats === 0 ? (
                    <span className="text-xs font-semibold text-red-700">{t('seats.full')}</span>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </Card>
  );
}

/** The shape of a card while the catalogue loads. */
export function ActivityCardSkeleton() {
  return (
    <Card className="overflow-hidden" data-skeleton="">
      <Skeleton className="h-16 rounded-none sm:aspect-[16/6] sm:h-auto" />
      <div className="space-y-3 p-4 sm:p-5">
        <div className="flex justify-between gap-4">
          <div className="flex-1 space-y-2">
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
          </div>
          <Skeleton className="h-5 w-16" />
        </div>
        <Skeleton className="h-4 w-full" />
        <div className="space-y-2 border-t border-slate-100 pt-3">
          <Skeleton className="h-3 w-28" />
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-4 w-36" />
        </div>
      </div>
    </Card>
  );
}
