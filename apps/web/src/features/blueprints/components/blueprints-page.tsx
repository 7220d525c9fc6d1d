import {
  ageRestrictionText,
  blueprintListQuerySchema,
  formatDuration,
  formatMoney,
  VISIBILITIES,
} from '@inscrio/shared';
import { ChevronRight, Dumbbell, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListEmpty } from '@/components/lists/list-empty';
import { type Column, DataTable, openColumn } from '@/components/lists/data-table';
import { ListSearch, ListToolbar } from '@/components/lists/list-toolbar';
import { type UrlFiltersOptions, useUrlFilters } from '@/components/lists/use-url-filters';
import { EnumFilter } from '@/components/lists/list-filters';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/checkbox';
import { Select } from '@/components/ui/select';
import { formatDateTime } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { useLocale } from '@/lib/use-locale';
import { useBlueprints } from '../api/get-blueprints';
import { useEstablishmentOptions } from '../api/get-establishment-options';
import type { BlueprintListItem } from '../api/types';
import { useTimeZone } from '@/lib/use-time-zone';
import { NEW_BLUEPRINT_ID } from './blueprint-form-model';
import { VisibilityBadge } from './visibility-badge';

const PAGE_SIZE = 20;

/** What the address may hold (`?q=&establishment=&visibility=&archived=1&page=`), read by the API's own schema. */
const urlSchema = blueprintListQuerySchema('fr').pick({
  q: true,
  establishmentId: true,
  visibility: true,
  includeArchived: true,
  page: true,
});
const urlOptions: UrlFiltersOptions<typeof urlSchema.shape> = {
  fields: {
    establishmentId: { param: 'establishment' },
    includeArchived: {
      param: 'archived',
      read: (text) => (text === '1' ? 'true' : 'false'),
      write: (value) => (value ? '1' : undefined),
    },
  },
  filters: ['q', 'establishmentId', 'visibility'],
};

/** The list's filters live in the address, so going back to the list keeps them. */
function useFilters() {
  const { values, set, filtered } = useUrlFilters(urlSchema, urlOptions);
  const filters = {
    q: values.q ?? '',
    establishmentId: values.establishmentId ?? '',
    visibility: values.visibility,
    includeArchived: values.includeArchived,
    page: values.page,
  };
  return { filters, set, filtered };
}

function NextSession({ item }: { item: BlueprintListItem }) {
  const { t } = useTranslation('blueprints');
  const locale = useLocale();
  const timeZone = useTimeZone();
  return item.nextSessionStart ? (
    <span>{formatDateTime(item.nextSessionStart, timeZone, locale)}</span>
  ) : (
    <span className="text-slate-500">{t('list.noNextSession')}</span>
  );
}

function ColorDot({ color }: { color: string }) {
  return (
    <span className="size-3 shrink-0 rounded-full" style={{ backgroundColor: color }} aria-hidden="true" />
  );
}

/** The table's columns: name with duration and ages, establishment, visibility, price, next session. */
function useColumns(): Column<BlueprintListItem>[] {
  const { t } = useTranslation('blueprints');
  const locale = useLocale();
  return [
    {
      id: 'name',
      header: t('list.columns.name'),
      cell: (item) => (
        <div className="flex items-center gap-3">
          <ColorDot color={item.colorCode} />
          <div className="min-w-0">
            <Link
              to={paths.blueprint.to(item.id)}
              className="font-semibold text-slate-900 after:absolute after:inset-0 hover:text-brand-700"
            >
              {item.name}
            </Link>
            <p className="text-xs text-slate-500">
              {formatDuration(item.duration)} · {ageRestrictionText(item.minAge, item.maxAge, locale)}
            </p>
          </div>
          {item.archivedAt ? <Badge variant="warning">{t('archive.badge')}</Badge> : null}
        </div>
      ),
    },
    {
      id: 'establishment',
      header: t('list.columns.establishment'),
      cellClassName: 'text-slate-700',
      cell: (item) => item.establishmentName,
    },
    {
      id: 'visibility',
      header: t('list.columns.visibility'),
      cell: (item) => <VisibilityBadge visibility={item.visibility} />,
    },
    {
      id: 'price',
      header: t('list.columns.price'),
      className: 'text-right',
      cellClassName: 'font-medium whitespace-nowrap text-slate-900 tabular-nums',
      cell: (item) => formatMoney(item.price, locale),
    },
    {
      id: 'nextSession',
      header: t('list.columns.nextSession'),
      cellClassName: 'whitespace-nowrap text-slate-700 tabular-nums',
      cell: (item) => <NextSession item={item} />,
    },
    openColumn(t('list.open')),
  ];
}

function BlueprintCard({ item }: { item: BlueprintListItem }) {
  const { t } = useTranslation('blueprints');
  const locale = useLocale();
  return (
    <Link to={paths.blueprint.to(item.id)} className="flex gap-3 px-4 py-4 hover:bg-slate-50">
      <span className="mt-1.5">
        <ColorDot color={item.colorCode} />
      </span>
      <span className="min-w-0 flex-1 space-y-1">
        <span className="flex items-start justify-between gap-2">
          <span className="font-semibold text-slate-900">{item.name}</span>
          <span className="font-medium whitespace-nowrap text-slate-900 tabular-nums">
            {formatMoney(item.price, locale)}
          </span>
        </span>
        <span className="block text-xs text-slate-500">{item.establishmentName}</span>
        <span className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
          <VisibilityBadge visibility={item.visibility} />
          {item.archivedAt ? <Badge variant="warning">{t('archive.badge')}</Badge> : null}
          <NextSession item={item} />
        </span>
      </span>
      <ChevronRight className="mt-1 size-4 shrink-0 text-slate-400" aria-hidden="true" />
    </Link>
  );
}

/** `/managing/blueprints`: the organisation's activities, searchable and filterable, a page at a time. */
export function BlueprintsPage() {
  const { t } = useTranslation('blueprints');
  const { filters, set, filtered } = useFilters();
  const establishments = useEstablishmentOptions();
  const query = useBlueprints({
    q: filters.q.trim() || undefined,
    establishmentId: filters.establishmentId || undefined,
    visibility: filters.visibility,
    includeArchived: filters.includeArchived,
    page: filters.page,
    pageSize: PAGE_SIZE,
  });
  const columns = useColumns();
  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;

  const createButton = (
    <Button asChild>
      <Link to={paths.blueprint.to(NEW_BLUEPRINT_ID)}>
        <Plus aria-hidden="true" />
        {t('list.create')}
      </Link>
    </Button>
  );

  return (
    <PageContainer>
      <PageHeader title={t('list.title')} description={t('list.description')} actions={createButton} />
      <Card className="overflow-hidden">
        <ListToolbar
          className="sm:grid-cols-2 lg:grid-cols-[minmax(0,1.5fr)_minmax(0,1.2fr)_minmax(0,1fr)_auto] lg:items-center"
          search={
            <ListSearch
              className="sm:col-span-2 lg:col-span-1"
              value={filters.q}
              onSearch={(q) => set({ q })}
              label={t('list.search')}
            />
          }
        >
          <Select
            aria-label={t('list.establishmentFilter')}
            value={filters.establishmentId}
            onChange={(event) => set({ establishmentId: event.target.value })}
          >
            <option value="">{t('list.allEstablishments')}</option>
            {(establishments.data?.items ?? []).map((establishment) => (
              <option key={establishment.id} value={establishment.id}>
                {establishment.name}
              </option>
            ))}
          </Select>
          <EnumFilter
            enumeration={VISIBILITIES}
            value={filters.visibility}
            onChange={(visibility) => set({ visibility })}
            label={t('list.visibilityFilter')}
            allLabel={t('list.allVisibilities')}
          />
          <CheckboxField
            label={t('list.includeArchived')}
            checked={filters.includeArchived}
            onChange={(event) => set({ includeArchived: event.target.checked })}
            className="sm:col-span-2 lg:col-span-1"
          />
        </ListToolbar>

        <DataTable
          items={items}
          getKey={(item) => item.id}
          columns={columns}
          card={(item) => <BlueprintCard item={item} />}
          rowLinks
          query={query}
          loadingLabel={t('list.loading')}
          empty={
            <ListEmpty
              icon={<Dumbbell className="size-8" aria-hidden="true" />}
              filtered={filtered}
              empty={{ title: t('list.empty'), text: t('list.emptyHint'), action: createButton }}
              noMatch={{ title: t('list.noMatch'), text: t('list.noMatchHint') }}
            />
          }
          paging={{
            page: filters.page,
            total,
            pageSize: PAGE_SIZE,
            onPageChange: (page) => set({ page }),
            summary: (pages) => t('list.summary', { count: total, page: filters.page, pages }),
            label: t('list.pagination'),
          }}
          tableProps={{ 'data-blueprint-table': '' }}
          rowProps={() => ({ 'data-blueprint-row': '' })}
          cardsProps={{ 'data-blueprint-cards': '' }}
        />
      </Card>
    </PageContainer>
  );
}
