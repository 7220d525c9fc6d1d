import {
  DOCUMENT_KINDS,
  DOCUMENT_ORIGINS,
  type DocumentListItem,
  documentListQuerySchema,
  type DocumentKind,
} from '@inscrio/shared';
import { FileText, Send, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '@/components/lists/data-table';
import { ListEmpty } from '@/components/lists/list-empty';
import { EnumFilter, ListHeader } from '@/components/lists/list-filters';
import { ListToolbar } from '@/components/lists/list-toolbar';
import { useUrlFilters } from '@/components/lists/use-url-filters';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DownloadButton } from '@/components/ui/download-button';
import { SelectField, TextField } from '@/components/ui/form-field';
import { formatDate } from '@/lib/dates';
import { useFamilyMembersQuery } from '@/lib/family-members';
import { useLocale } from '@/lib/use-locale';
import { useTimeZone } from '@/lib/use-time-zone';
import { useDocuments, usePeriodChoices } from '../api/documents';

const PAGE_SIZE = 20;
const urlSchema = documentListQuerySchema('fr').pick({
  kind: true,
  origin: true,
  memberId: true,
  periodId: true,
  from: true,
  to: true,
  page: true,
});

/** The kinds a family may filter on: what its list can hold. */
const FAMILY_KINDS: readonly DocumentKind[] = [
  'billing.invoice',
  'billing.order',
  'certificate.health-mutual',
  'certificate.tax',
  'legal.roi',
  'legal.mentions',
  'legal.other',
];

function StatusCell({ item }: { item: DocumentListItem }) {
  const { t } = useTranslation('documents');
  const locale = useLocale();
  const timeZone = useTimeZone();
  if (item.status === 'failed') return <Badge variant="destructive">{t('list.failed')}</Badge>;
  if (item.status === 'pending' || item.status === 'running') {
    return (
      <Badge variant="secondary" data-progress="">
        {item.progressTotal !== null
          ? t('list.progress', { done: item.progressDone ?? 0, total: item.progressTotal })
          : t('reports.waiting')}
      </Badge>
    );
  }
  if (item.kind.startsWith('legal.')) {
    return item.publishedAt ? (
      <span className="text-sm text-slate-600">
        {t('list.published', { date: formatDate(item.publishedAt, timeZone, locale) })}
      </span>
    ) : (
      <Badge variant="warning">{t('list.draft')}</Badge>
    );
  }
  return null;
}

function Actions({
  item,
  onPublish,
}: {
  item: DocumentListItem;
  onPublish?: (item: DocumentListItem) => void;
}) {
  const { t } = useTranslation('documents');
  return (
    <div className="flex flex-wrap gap-1.5 md:justify-end">
      {item.status === 'ready' ? (
        <DownloadButton
          download={{ path: item.downloadPath, fallbackName: item.fileName }}
          label={t('list.downloadOf', { title: item.title })}
          iconOnly
        />
      ) : null}
      {onPublish && item.kind.startsWith('legal.') && !item.publishedAt ? (
        <Button
          size="sm"
          onClick={() => onPublish(item)}
          aria-label={t('list.publishOf', { title: item.title })}
          data-publish=""
        >
          <Send aria-hidden="true" />
          {t('list.publish')}
        </Button>
      ) : null}
    </div>
  );
}

function Title({ item }: { item: DocumentListItem }) {
  const { t } = useTranslation('documents');
  return (
    <span className="min-w-0 break-words">
      <span className="font-semibold text-slate-900">{item.title}</span>
      {item.version !== null ? (
        <span className="ml-2 text-sm text-slate-500">{t('list.version', { version: item.version })}</span>
      ) : null}
    </span>
  );
}

/**
 * The documents list (`GET /documents`): a family's own documents and the club's legal ones; a manager's
 * every document, filtered by kind, origin and dates, with the drafts to publish.
 */
export function DocumentsList({
  manager,
  onPublish,
}: {
  manager: boolean;
  onPublish?: (item: DocumentListItem) => void;
}) {
  const { t } = useTranslation('documents');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const { values, set, filtered, clear } = useUrlFilters(urlSchema);
  const query = useDocuments({
    kind: values.kind,
    origin: manager ? values.origin : undefined,
    memberId: values.memberId,
    periodId: manager ? values.periodId : undefined,
    from: values.from,
    to: values.to,
    page: values.page,
    pageSize: PAGE_SIZE,
  });
  const total = query.data?.total ?? 0;
  const periods = usePeriodChoices(manager);
  const familyMembers = useFamilyMembersQuery();
  const activeFilters = [
    values.kind,
    values.origin,
    values.memberId,
    values.periodId,
    values.from,
    values.to,
  ].filter(Boolean).length;
  // A manager narrows the list to a member from one of their rows; the name comes from the rows shown.
  const chosenMemberName =
    values.memberId &&
    (query.data?.items.find((item) => item.memberId === values.memberId)?.memberName ??
      t('filters.oneMember'));
  const memberCell = (item: DocumentListItem) =>
    item.memberId && item.memberName && item.memberId !== values.memberId ? (
      <button
        type="button"
        className="text-left text-brand-700 underline-offset-2 hover:underline"
        onClick={() => set({ memberId: item.memberId ?? undefined })}
        aria-label={t('filters.memberOf', { name: item.memberName })}
        data-member-filter={item.memberId}
      >
        {item.memberName}
      </button>
    ) : (
      (item.memberName ?? '')
    );
  // A credit note is a billing document of the invoice kind (spec section 3), named for what it is.
  const kindLabel = (item: DocumentListItem) =>
    item.source === 'credit-note' ? t('list.creditNote') : DOCUMENT_KINDS.label(item.kind, locale);
  const columns: Column<DocumentListItem>[] = [
    { id: 'title', header: t('list.columns.title'), cell: (item) => <Title item={item} /> },
    { id: 'kind', header: t('list.columns.kind'), cellClassName: 'text-slate-700', cell: kindLabel },
    {
      id: 'date',
      header: t('list.columns.date'),
      cellClassName: 'whitespace-nowrap tabular-nums text-slate-700',
      cell: (item) => formatDate(item.date, timeZone, locale),
    },
    ...(manager
      ? [
          {
            id: 'member',
            header: t('list.columns.member'),
            cellClassName: 'text-slate-700',
            cell: memberCell,
          },
        ]
      : []),
    { id: 'status', header: t('list.columns.status'), cell: (item) => <StatusCell item={item} /> },
    {
      id: 'actions',
      header: t('list.columns.actions'),
      hiddenHeader: true,
      className: 'text-right',
      cell: (item) => <Actions item={item} onPublish={onPublish} />,
    },
  ];

  return (
    <Card className="overflow-hidden">
      <ListHeader title={t('list.title')} />
      <ListToolbar
        className={manager ? 'sm:grid-cols-3 lg:grid-cols-5' : 'sm:grid-cols-3'}
        fold={{
          active: activeFilters,
          label: t('filters.show'),
          activeLabel: t('filters.showActive', { count: activeFilters }),
        }}
        data-document-filters=""
      >
        <EnumFilter
          enumeration={DOCUMENT_KINDS}
          values={manager ? DOCUMENT_KINDS.values : FAMILY_KINDS}
          value={values.kind}
          onChange={(kind) => set({ kind })}
          label={t('filters.kind')}
          allLabel={t('filters.allKinds')}
          showLabel
          data-filter="kind"
        />
        {manager ? (
          <EnumFilter
            enumeration={DOCUMENT_ORIGINS}
            value={values.origin}
            onChange={(origin) => set({ origin })}
            label={t('filters.origin')}
            allLabel={t('filters.allOrigins')}
            showLabel
            data-filter="origin"
          />
        ) : null}
        {!manager && (familyMembers.data?.items.length ?? 0) > 1 ? (
          <SelectField
            label={t('filters.member')}
            value={values.memberId ?? ''}
            onChange={(event) => set({ memberId: event.target.value || undefined })}
            data-filter="member"
          >
            <option value="">{t('filters.allMembers')}</option>
            {(familyMembers.data?.items ?? []).map((member) => (
              <option key={member.id} value={member.id}>
                {member.firstName} {member.lastName}
              </option>
            ))}
          </SelectField>
        ) : null}
        {manager ? (
          <SelectField
            label={t('filters.period')}
            value={values.periodId ?? ''}
            onChange={(event) => set({ periodId: event.target.value || undefined })}
            data-filter="period"
          >
            <option value="">{t('filters.allPeriods')}</option>
            {(periods.data?.items ?? []).map((period) => (
              <option key={period.id} value={period.id}>
                {period.name}
              </option>
            ))}
          </SelectField>
        ) : null}
        <TextField
          type="date"
          label={t('filters.from')}
          value={values.from ?? ''}
          onChange={(event) => set({ from: event.target.value })}
        />
        <TextField
          type="date"
          label={t('filters.to')}
          value={values.to ?? ''}
          onChange={(event) => set({ to: event.target.value })}
        />
      </ListToolbar>
      {manager && chosenMemberName ? (
        <div className="flex flex-wrap items-center gap-2 border-b border-slate-100 px-4 py-2.5 text-sm">
          <span className="text-slate-600">{t('filters.member')} :</span>
          <span className="font-semibold text-slate-900" data-chosen-member={values.memberId}>
            {chosenMemberName}
          </span>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => set({ memberId: undefined })}
            aria-label={t('filters.clearMember')}
          >
            <X aria-hidden="true" />
            {t('filters.allMembers')}
          </Button>
        </div>
      ) : null}
      <DataTable
        items={query.data?.items ?? []}
        getKey={(item) => `${item.source}:${item.id}`}
        columns={columns}
        card={(item) => (
          <>
            <div className="flex items-start justify-between gap-3">
              <Title item={item} />
              <StatusCell item={item} />
            </div>
            <p className="text-sm text-slate-600">
              {kindLabel(item)} · {formatDate(item.date, timeZone, locale)}
            </p>
            {manager && item.memberName ? <p className="text-sm">{memberCell(item)}</p> : null}
            <Actions item={item} onPublish={onPublish} />
          </>
        )}
        query={query}
        loadingLabel={t('loading')}
        empty={
          <ListEmpty
            icon={<FileText className="size-8" aria-hidden="true" />}
            filtered={filtered}
            empty={{ title: t('list.empty'), text: t('list.emptyText') }}
            noMatch={{
              title: t('list.noMatch'),
              text: t('list.noMatchText'),
              clearLabel: t('filters.clear'),
              onClear: clear,
            }}
          />
        }
        paging={{
          page: values.page,
          total,
          pageSize: PAGE_SIZE,
          onPageChange: (page) => set({ page }),
          summary: (pages) => t('list.summary', { count: total, page: values.page, pages }),
          label: t('list.pagination'),
        }}
        tableProps={{ 'data-documents-table': '' }}
        cardProps={(item) => ({ className: 'space-y-2 px-4 py-4', 'data-document': item.id })}
      />
    </Card>
  );
}
