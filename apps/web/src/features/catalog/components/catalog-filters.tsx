import { displayName } from '@inscrio/shared';
import { Search, SlidersHorizontal, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/dates';
import { useLocale } from '@/lib/use-locale';
import type { CatalogFilters as Filters } from '../api/get-catalog';
import type { PublicEstablishment } from '../api/get-establishments';
import type { PeriodOption } from '../api/get-periods';
import { useSettledSearch } from '@/components/lists/use-debounced-value';
import type { FamilyMember } from '../hooks/use-family-members';

/** ISO days of the week, Monday first (spec section 9). */
export const DAYS_OF_WEEK = [1, 2, 3, 4, 5, 6, 7] as const;

export interface CatalogFiltersProps {
  filters: Filters;
  onChange: (name: keyof Filters, value: string | number | null) => void;
  onClear: () => void;
  activeCount: number;
  establishments: readonly PublicEstablishment[];
  members: readonly FamilyMember[];
  periods: readonly PeriodOption[];
  timeZone: string;
}

/** The search box (debounced) and the filters; on phones the filters fold under one button. */
export function CatalogFilters({
  filters,
  onChange,
  onClear,
  activeCount,
  establishments,
  members,
  periods,
  timeZone,
}: CatalogFiltersProps) {
  const { t } = useTranslation('catalog');
  const locale = useLocale();
  const searchId = useId();
  const panelId = useId();
  const [open, setOpen] = useState(activeCount > 0);
  // Typing searches once it pauses; the box follows the address (filters cleared, back navigation).
  const [text, setText] = useSettledSearch(filters.q ?? '', (q) => onChange('q', q || null));

  const clearAll = () => {
    setText('');
    onClear();
  };

  const showEstablishments = establishments.length > 1;

  return (
    <div className="space-y-3" role="search" aria-label={t('search.region')}>
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <label htmlFor={searchId} className="sr-only">
            {t('search.label')}
          </label>
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
            aria-hidden="true"
          />
          <Input
            id={searchId}
            type="search"
            inputMode="search"
            enterKeyHint="search"
            autoComplete="off"
            maxLength={100}
            placeholder={t('search.placeholder')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            className="h-11 pr-10 pl-9 [&::-webkit-search-cancel-button]:hidden"
          />
          {text ? (
            <button
              type="button"
              onClick={() => setText('')}
              className="absolute top-1/2 right-1.5 grid size-8 -translate-y-1/2 place-items-center rounded-md text-slate-500 hover:bg-slate-100"
              aria-label={t('search.clear')}
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          ) : null}
        </div>
        <Button
          variant="secondary"
          size="lg"
          className="md:hidden"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
        >
          <SlidersHorizontal aria-hidden="true" />
          {t('filters.toggle')}
          {activeCount > 0 ? (
            <span className="grid size-5 place-items-center rounded-full bg-brand-700 text-[11px] text-white">
              {activeCount}
            </span>
          ) : null}
        </Button>
      </div>

      <div
        id={panelId}
        className={cn(
          'grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 md:grid md:border-0 md:bg-transparent md:p-0 lg:grid-cols-4',
          open ? 'grid' : 'hidden',
        )}
      >
        {showEstablishments ? (
          <SelectField
            label={t('filters.establishment')}
            value={filters.establishmentId ?? ''}
            onChange={(event) => onChange('establishmentId', event.target.value || null)}
            data-filter="establishment"
          >
            <option value="">{t('filters.allEstablishments')}</option>
            {establishments.map((establishment) => (
              <option key={establishment.id} value={establishment.id}>
                {establishment.name}
              </option>
            ))}
          </SelectField>
        ) : null}
        {members.length > 0 ? (
          <SelectField
            label={t('filters.member')}
            hint={t('filters.memberHint')}
            value={filters.memberId ?? ''}
            onChange={(event) => onChange('memberId', event.target.value || null)}
            data-filter="member"
          >
            <option value="">{t('filters.anyone')}</option>
            {members.map((member) => (
              <option key={member.id} value={member.id}>
                {displayName(member, 'member', locale)}
              </option>
            ))}
          </SelectField>
        ) : null}
        <SelectField
          label={t('filters.dayOfWeek')}
          value={filters.dayOfWeek ?? ''}
          onChange={(event) => onChange('dayOfWeek', event.target.value ? Number(event.target.value) : null)}
          data-filter="day"
        >
          <option value="">{t('filters.anyDay')}</option>
          {DAYS_OF_WEEK.map((day) => (
            <option key={day} value={day}>
              {t(`days.${day}`)}
            </option>
          ))}
        </SelectField>
        {periods.length > 0 ? (
          <SelectField
            label={t('filters.period')}
            value={filters.periodId ?? ''}
            onChange={(event) => onChange('periodId', event.target.value || null)}
            data-filter="period"
          >
            <option value="">{t('filters.allPeriods')}</option>
            {periods.map((period) => (
              <option key={period.id} value={period.id}>
                {t('filters.periodOption', {
                  name: period.name,
                  from: formatDate(period.startDate, timeZone, locale),
                  to: formatDate(period.endDate, timeZone, locale),
                })}
              </option>
            ))}
          </SelectField>
        ) : null}
        {activeCount > 0 || filters.q ? (
          <div className="flex items-end sm:col-span-2 lg:col-span-1">
            <Button variant="ghost" onClick={clearAll} className="w-full sm:w-auto">
              <X aria-hidden="true" />
              {t('filters.clear')}
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
