import type { TZDate } from '@date-fns/tz';
import { type CalendarItem, isAtLeastEstManager, isHolder } from '@inscrio/shared';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarDays, LayoutGrid } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState, ErrorState } from '@/components/feedback/error-state';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { useMediaQuery } from '@/components/layouts/use-media-query';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth-store';
import { useLocale } from '@/lib/use-locale';
import { paths } from '@/lib/paths';
import { calendarItemsQuery, useCalendarItems } from '../api/get-calendar-items';
import { useTimeZone } from '@/lib/use-time-zone';
import {
  type CalendarView,
  dayKey,
  groupByDay,
  parseDayKey,
  shiftAnchor,
  startOfToday,
  visibleRange,
} from '../utils/calendar-range';
import { zoneName } from '../utils/zone-name';
import { CalendarFeedPanel } from './calendar-feed-panel';
import { type CalendarAudience, CalendarItemDrawer } from './calendar-item-details';
import { CalendarToolbar } from './calendar-toolbar';
import { DayList } from './day-list';
import { MonthGrid } from './month-grid';
import { WeekGrid } from './week-grid';

/** Tablets and wider draw the week on a time grid; phones list it day by day. */
const GRID_QUERY = '(min-width: 768px)';

const utc = (date: Date) => new Date(date.getTime()).toISOString();

/**
 * `/calendar`: the week or the month of calendar items in the organisation's time zone (`?view=month`,
 * `?date=2026-11-23`), an item's details in a side drawer, and the calendar subscription.
 */
export function CalendarPage() {
  const { t } = useTranslation('calendar');
  const timeZone = useTimeZone();
  const locale = useLocale();
  const { user } = useAuth();
  const wide = useMediaQuery(GRID_QUERY);
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [selected, setSelected] = useState<CalendarItem | null>(null);

  const audience: CalendarAudience = isAtLeastEstManager(user)
    ? 'manager'
    : isHolder(user)
      ? 'holder'
      : 'family';
  const view: CalendarView = params.get('view') === 'month' ? 'month' : 'week';
  const todayStart = startOfToday(timeZone);
  const todayKey = dayKey(todayStart, timeZone);
  const dateParam = params.get('date');
  // The same day is the same Date across renders, so the range and the prefetch follow the day only.
  const anchor = useMemo(
    () => parseDayKey(dateParam, timeZone) ?? parseDayKey(todayKey, timeZone)!,
    [dateParam, todayKey, timeZone],
  );
  const anchorKey = dayKey(anchor, timeZone);
  const range = useMemo(() => visibleRange(view, anchor, timeZone), [view, anchor, timeZone]);
  const from = utc(range.from);
  const to = utc(range.to);
  const query = useCalendarItems(from, to);
  const itemsByDay = useMemo(() => groupByDay(query.data?.items ?? [], timeZone), [query.data, timeZone]);

  // Phones pick a day of the month to list under the grid; by default today, or the month's first day.
  const [chosenDay, setChosenDay] = useState<string | null>(null);
  const monthKey = anchorKey.slice(0, 7);
  const listedDay =
    chosenDay && chosenDay.startsWith(monthKey)
      ? chosenDay
      : todayKey.startsWith(monthKey)
        ? todayKey
        : `${monthKey}-01`;

  // The neighbouring ranges load in the background, so previous and next answer at once.
  useEffect(() => {
    for (const step of [-1, 1]) {
      const next = visibleRange(view, shiftAnchor(view, anchor, step, timeZone), timeZone);
      void queryClient.prefetchQuery(calendarItemsQuery(utc(next.from), utc(next.to)));
    }
  }, [view, anchor, timeZone, queryClient]);

  const go = (next: { view?: CalendarView; date?: Date | null }) => {
    setParams(
      (current) => {
        const search = new URLSearchParams(current);
        const nextView = next.view ?? view;
        if (nextView === 'month') search.set('view', 'month');
        else search.delete('view');
        if (next.date === null) search.delete('date');
        else if (next.date) search.set('date', dayKey(next.date, timeZone));
        return search;
      },
      { replace: true },
    );
  };

  const openDay = (day: TZDate) => {
    if (wide) go({ view: 'week', date: day });
    else setChosenDay(dayKey(day, timeZone));
  };

  const items = query.data?.items ?? [];
  const busy = query.isFetching && query.isPlaceholderData;
  const title = t(`title.${audience}`);
  const empty = !query.isPending && !query.isError && items.length === 0;

  let calendar;
  if (query.isPending) {
    calendar = <Skeleton className="h-[28rem] w-full rounded-2xl" />;
  } else if (query.isError && !query.data) {
    calendar = <ErrorState title={t('error')} error={query.error} onRetry={() => void query.refetch()} />;
  } else if (empty && !(view === 'month' && !wide)) {
    calendar = (
      <EmptyState
        icon={<CalendarDays className="size-8" aria-hidden="true" />}
        title={audience === 'family' ? t('empty.family.title') : t(`empty.${view}`)}
        text={audience === 'family' ? t('empty.family.text') : undefined}
        action={
          audience === 'family' ? (
            <Button asChild variant="secondary">
              <Link to={paths.catalog.to()}>
                <LayoutGrid aria-hidden="true" />
                {t('empty.family.action')}
              </Link>
            </Button>
          ) : undefined
        }
      />
    );
  } else if (view === 'week') {
    calendar = wide ? (
      <WeekGrid
        days={range.days}
        itemsByDay={itemsByDay}
        timeZone={timeZone}
        todayKey={todayKey}
        onSelect={setSelected}
      />
    ) : (
      <DayList
        days={range.days}
        itemsByDay={itemsByDay}
        timeZone={timeZone}
        todayKey={todayKey}
        onSelect={setSelected}
      />
    );
  } else {
    const listed = parseDayKey(listedDay, timeZone);
    calendar = (
      <div className="space-y-5">
        <MonthGrid
          days={range.days}
          monthKey={monthKey}
          itemsByDay={itemsByDay}
          timeZone={timeZone}
          todayKey={todayKey}
          onSelect={setSelected}
          onOpenDay={openDay}
          compact={!wide}
          selectedKey={wide ? null : listedDay}
        />
        {!wide && listed ? (
          <DayList
            days={[listed]}
            itemsByDay={itemsByDay}
            timeZone={timeZone}
            todayKey={todayKey}
            onSelect={setSelected}
          />
        ) : null}
      </div>
    );
  }

  return (
    <PageContainer>
      <PageHeader
        title={title}
        description={t(`description.${audience}`, { zone: zoneName(timeZone, locale) })}
      />
      <section className="space-y-4" aria-label={title}>
        <CalendarToolbar
          view={view}
          anchor={anchor}
          days={range.days}
          timeZone={timeZone}
          busy={busy}
          onViewChange={(next) => go({ view: next })}
          onPrevious={() => go({ date: shiftAnchor(view, anchor, -1, timeZone) })}
          onNext={() => go({ date: shiftAnchor(view, anchor, 1, timeZone) })}
          onToday={() => {
            setChosenDay(null);
            go({ date: null });
          }}
        />
        {query.data?.truncated ? <Alert tone="warning">{t('truncated')}</Alert> : null}
        <div
          className={busy ? 'opacity-70 transition-opacity' : 'transition-opacity'}
          aria-busy={busy || undefined}
        >
          {calendar}
        </div>
      </section>
      <CalendarFeedPanel />
      <CalendarItemDrawer
        item={selected}
        timeZone={timeZone}
        audience={audience}
        onClose={() => setSelected(null)}
      />
    </PageContainer>
  );
}
