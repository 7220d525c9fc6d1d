import {
  AUDIT_EVENTS,
  AUDIT_EXPORT_MAX_ROWS,
  type AuditEventItem,
  auditEventUrlSchema,
  isAtLeastEstManager,
} from '@inscrio/shared';
import { History, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AccessDenied } from '@/components/feedback/access-denied';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { type Column, DataTable } from '@/components/lists/data-table';
import { ListEmpty } from '@/components/lists/list-empty';
import { EnumFilter, ExportButton } from '@/components/lists/list-filters';
import { ListToolbar } from '@/components/lists/list-toolbar';
import { useUrlFilters } from '@/components/lists/use-url-filters';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useAuth } from '@/lib/auth-store';
import { formatDateTime } from '@/lib/dates';
import { saveFile } from '@/lib/download';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { useLocale } from '@/lib/use-locale';
import { useTimeZone } from '@/lib/use-time-zone';
import { type AuditFilters, useAuditEvents, useExportAuditEvents } from '../api/audit-events';

const PAGE_SIZE = 20;
/** The address holds the filters and the page, read by the API's own rules. */
const urlSchema = auditEventUrlSchema('fr');

/** Where the event's subject is seen: the member's page, the order's page (an invoice's order). */
function subjectPath(item: AuditEventItem): string | null {
  if (item.links.orderId && (item.subject?.type === 'order' || item.subject?.type === 'invoice'))
    return paths.order.to(item.links.orderId);
  if (item.links.memberUserId) return paths.participant.to(item.links.memberUserId);
  if (item.links.orderId) return paths.order.to(item.links.orderId);
  return null;
}

function Subject({ item }: { item: AuditEventItem }) {
  const { t } = useTranslation('audit');
  if (!item.subject) return <span className="text-slate-500">—</span>;
  const to = subjectPath(item);
  const kind = t(`subjects.${item.subject.type}`, { defaultValue: item.subject.type });
  return (
    <span className="block min-w-0">
      {to ? (
        <Link to={to} className="font-medium text-brand-800 hover:underline" data-audit-subject="">
          {item.subject.label}
        </Link>
      ) : (
        <span className="font-medium text-slate-900">{item.subject.label}</span>
      )}
      <span className="block text-xs text-slate-500">{kind}</span>
    </span>
  );
}

/** The actor's name, a button narrowing the list to what they did. */
function Actor({ item, onPick }: { item: AuditEventItem; onPick: (userId: string) => void }) {
  const { t } = useTranslation('audit');
  if (!item.actor) return <span className="text-slate-500">{t('system')}</span>;
  return (
    <span className="block">
      <button
        type="button"
        className="text-left text-slate-800 underline decoration-slate-300 underline-offset-2 hover:text-brand-800"
        title={t('filterByActor', { name: item.actor.name })}
        onClick={() => onPick(item.actor!.userId)}
      >
        {item.actor.name}
      </button>
      {item.impersonator && item.impersonator.userId !== item.actor.userId ? (
        <span className="block text-xs text-slate-500">
          {t('onBehalf', { name: item.impersonator.name })}
        </span>
      ) : null}
    </span>
  );
}

function AuditPageContent() {
  const { t } = useTranslation('audit');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const { values, set, filtered, clear } = useUrlFilters(urlSchema);
  const filters: AuditFilters = {
    type: values.type,
    actorUserId: values.actorUserId,
    subjectType: values.subjectType,
    subjectId: values.subjectId,
    from: values.from,
    to: values.to,
  };
  const query = useAuditEvents({ ...filters, page: values.page, pageSize: PAGE_SIZE });
  const exporter = useExportAuditEvents();
  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  const pickActor = (actorUserId: string) => set({ actorUserId });
  const actorName = items.find((i) => i.actor?.userId === values.actorUserId)?.actor?.name;
  const subjectName = items.find(
    (i) =>
      values.subjectId &&
      (i.subject?.id === values.subjectId || Object.values(i.links).includes(values.subjectId)),
  )?.subject?.label;

  const onExport = async () => {
    const file = await exporter.mutateAsync(filters).catch(() => null);
    if (!file) return;
    saveFile(file.blob, file.filename ?? 'journal.csv');
    if (file.headers.get('x-export-truncated') === 'true')
      notify.info(t('exportTruncated', { max: AUDIT_EXPORT_MAX_ROWS.toLocaleString(locale) }));
    else notify.success(t('exported'));
  };

  const columns: Column<AuditEventItem>[] = [
    {
      id: 'createdAt',
      header: t('columns.createdAt'),
      cellClassName: 'whitespace-nowrap tabular-nums text-slate-700',
      cell: (item) => formatDateTime(item.createdAt, timeZone, locale),
    },
    {
      id: 'type',
      header: t('columns.type'),
      cellClassName: 'font-medium text-slate-900',
      cell: (item) => item.typeLabel,
    },
    { id: 'actor', header: t('columns.actor'), cell: (item) => <Actor item={item} onPick={pickActor} /> },
    { id: 'subject', header: t('columns.subject'), cell: (item) => <Subject item={item} /> },
  ];

  const chips = [
    values.actorUserId
      ? {
          key: 'actor',
          label: t('chips.actor', { name: actorName ?? values.actorUserId }),
          clear: () => set({ actorUserId: null }),
        }
      : null,
    values.subjectType && values.subjectId
      ? {
          key: 'subject',
          label: t('chips.subject', {
            kind: t(`subjects.${values.subjectType}`),
            name: subjectName ?? values.subjectId,
          }),
          clear: () => set({ subjectType: null, subjectId: null }),
        }
      : null,
  ].filter((chip) => chip !== null);

  return (
    <PageContainer className="max-w-7xl">
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <ExportButton label={t('export')} pending={exporter.isPending} onExport={() => void onExport()} />
        }
      />
      <Card className="overflow-hidden">
        <ListToolbar className="sm:grid-cols-2 lg:grid-cols-3 lg:items-end" data-audit-filters="">
          <EnumFilter
            enumeration={AUDIT_EVENTS}
            value={values.type}
            onChange={(type) => set({ type })}
            label={t('filters.type')}
            allLabel={t('filters.allTypes')}
            showLabel
          />
          <div className="grid gap-1">
            <Label htmlFor="audit-from">{t('filters.from')}</Label>
            <Input
              id="audit-from"
              type="date"
              value={values.from ?? ''}
              max={values.to}
              onChange={(event) => set({ from: event.target.value || null })}
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="audit-to">{t('filters.to')}</Label>
            <Input
              id="audit-to"
              type="date"
              value={values.to ?? ''}
              min={values.from}
              onChange={(event) => set({ to: event.target.value || null })}
            />
          </div>
          {chips.length > 0 ? (
            <ul className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-3" aria-label={t('chips.label')}>
              {chips.map((chip) => (
                <li key={chip.key}>
                  <Button variant="secondary" size="sm" onClick={chip.clear} data-audit-chip={chip.key}>
                    {chip.label}
                    <X aria-label={t('chips.remove')} />
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
        </ListToolbar>
        <DataTable
          items={items}
          getKey={(item) => item.id}
          columns={columns}
          card={(item) => (
            <div className="space-y-1 px-4 py-3 text-sm">
              <p className="flex flex-wrap justify-between gap-2">
                <span className="font-semibold text-slate-900">{item.typeLabel}</span>
                <span className="text-xs text-slate-500 tabular-nums">
                  {formatDateTime(item.createdAt, timeZone, locale)}
                </span>
              </p>
              <Subject item={item} />
              <p className="text-xs text-slate-600">
                {t('columns.actor')} : <Actor item={item} onPick={pickActor} />
              </p>
            </div>
          )}
          query={query}
          loadingLabel={t('loading')}
          empty={
            <ListEmpty
              icon={<History className="size-8" aria-hidden="true" />}
              filtered={filtered}
              empty={{ title: t('empty'), text: t('emptyHint') }}
              noMatch={{
                title: t('noMatch'),
                text: t('noMatchHint'),
                clearLabel: t('clearFilters'),
                onClear: clear,
              }}
            />
          }
          paging={{
            page: values.page,
            total,
            pageSize: PAGE_SIZE,
            onPageChange: (page) => set({ page }),
            summary: (pages) => t('summary', { count: total, page: values.page, pages }),
            label: t('pagination'),
          }}
          tableProps={{ 'data-audit-table': '' }}
          rowProps={(item) => ({ 'data-audit-row': item.type })}
          cardsProps={{ 'data-audit-cards': '' }}
        />
      </Card>
    </PageContainer>
  );
}

/** `/audit`: the audit trail for managers (an establishment manager sees their establishment's events). */
export function AuditPage() {
  const { t } = useTranslation('audit');
  const { user } = useAuth();
  if (!isAtLeastEstManager(user)) return <AccessDenied title={t('title')} reason={t('forbidden')} />;
  return <AuditPageContent />;
}
