import {
  canManageServices,
  type CommunicationSummary,
  COMMUNICATION_TARGETS,
  type CommunicationTarget,
  INBOX_KINDS,
  type InboxItem,
  isAtLeastEstManager,
  recipientBadgeVariant,
  RECIPIENT_STATUSES,
} from '@inscrio/shared';
import { Inbox, Mail, PenLine, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AccessDenied } from '@/components/feedback/access-denied';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { type Column, DataTable } from '@/components/lists/data-table';
import { ListEmpty } from '@/components/lists/list-empty';
import { useUrlFilters } from '@/components/lists/use-url-filters';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { DownloadButton } from '@/components/ui/download-button';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs } from '@/components/ui/tabs';
import { Alert } from '@/components/ui/alert';
import { useAuth } from '@/lib/auth-store';
import { formatDateTime } from '@/lib/dates';
import { useTimeZone } from '@/lib/use-time-zone';
import {
  attachmentPath,
  useCommunication,
  useInbox,
  useInboxMessage,
  useRetryCommunication,
  useSentCommunications,
} from '../api/communications';
import { ComposeDialog } from './compose-dialog';

const PAGE_SIZE = 20;
const urlSchema = z.object({
  compose: z.enum(COMMUNICATION_TARGETS.values).optional(),
  targetId: z.string().max(100).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});

/**
 * `/communications`: managers write to families and follow the sending (« 312 / 480 envoyés »); a
 * holder writes to the sessions they hold; families read what they received, even if the e-mail went
 * to spam. `?compose=session&targetId=…` opens the form for a session, period or activity.
 */
export function CommunicationsPage() {
  const { t } = useTranslation('communications');
  const { user } = useAuth();
  const { values, set } = useUrlFilters(urlSchema, { filters: [] as const });
  const manager = isAtLeastEstManager(user);
  const sender = canManageServices(user);
  const family = user?.role === 'user';
  const [opened, setOpened] = useState<string | null>(null);
  if (!sender && !family) return <AccessDenied title={t('title')} reason={t('forbidden')} />;

  const composing = values.compose ?? null;
  const allowed: CommunicationTarget[] = manager
    ? // Any target: a session, period or activity not given by the link is picked in the form.
      ['everyone', 'holders', 'session', 'period', 'activity']
    : composing === 'session'
      ? ['session']
      : [];
  const composeButton = manager ? (
    <Button onClick={() => set({ compose: 'everyone', targetId: undefined })} data-action="compose">
      <PenLine aria-hidden="true" />
      {t('compose.open')}
    </Button>
  ) : undefined;

  // Each list in a card, as every list of the product (rows separated, padded, on a phone too).
  const sent = sender ? (
    <Card className="overflow-hidden">
      <SentList page={values.page} onPage={(page) => set({ page })} onOpen={setOpened} />
    </Card>
  ) : null;
  const inbox = family ? (
    <Card className="overflow-hidden">
      <InboxList />
    </Card>
  ) : null;
  return (
    <PageContainer className="max-w-5xl">
      <PageHeader
        title={t('title')}
        description={manager ? t('managerDescription') : t('familyDescription')}
        actions={composeButton}
      />
      {sent && inbox ? (
        <Tabs
          label={t('title')}
          items={[
            { id: 'inbox', label: t('inbox.tab'), content: inbox },
            { id: 'sent', label: t('sent.tab'), content: sent },
          ]}
        />
      ) : (
        (sent ?? inbox)
      )}
      {composing && allowed.length > 0 ? (
        <ComposeDialog
          open
          onOpenChange={(open) => {
            if (!open) set({ compose: undefined, targetId: undefined });
          }}
          initial={{ target: composing, targetId: values.targetId ?? null }}
          allowedTargets={allowed}
          onSent={(id) => {
            set({ compose: undefined, targetId: undefined });
            setOpened(id);
          }}
        />
      ) : null}
      {opened ? <SendingDialog id={opened} onClose={() => setOpened(null)} /> : null}
    </PageContainer>
  );
}

function Progress({ summary }: { summary: CommunicationSummary }) {
  const { t } = useTranslation('communications');
  const { total, sent, failed } = summary.progress;
  const ratio = total === 0 ? 0 : Math.round(((sent + failed) / total) * 100);
  return (
    <div className="min-w-36 space-y-1">
      <div
        className="h-2 overflow-hidden rounded-full bg-slate-100"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={sent + failed}
        aria-label={t('sent.progressLabel')}
      >
        <div className="h-full bg-brand-600" style={{ width: `${ratio}%` }} />
      </div>
      <p className="text-xs text-slate-600 tabular-nums" data-progress>
        {t('sent.progress', { sent, total })}
        {failed > 0 ? ` · ${t('sent.failedCount', { count: failed })}` : ''}
      </p>
    </div>
  );
}

function SentList({
  page,
  onPage,
  onOpen,
}: {
  page: number;
  onPage: (page: number) => void;
  onOpen: (id: string) => void;
}) {
  const { t, i18n } = useTranslation('communications');
  const locale = i18n.language === 'en' ? 'en' : 'fr';
  const timeZone = useTimeZone();
  const query = useSentCommunications(page, PAGE_SIZE);
  const target = (item: CommunicationSummary) =>
    item.targetName ?? COMMUNICATION_TARGETS.label(item.target, locale);
  const open = (item: CommunicationSummary) => (
    <button
      type="button"
      className="text-left font-medium text-brand-700 hover:underline"
      onClick={() => onOpen(item.id)}
      data-open-communication={item.id}
    >
      {item.subject}
    </button>
  );
  const columns: Column<CommunicationSummary>[] = [
    { id: 'subject', header: t('sent.subject'), cell: open },
    { id: 'target', header: t('sent.target'), cell: target },
    {
      id: 'date',
      header: t('sent.date'),
      cell: (item) => formatDateTime(new Date(item.createdAt), timeZone, locale),
    },
    { id: 'progress', header: t('sent.progressLabel'), cell: (item) => <Progress summary={item} /> },
  ];
  return (
    <DataTable
      items={query.data?.items ?? []}
      getKey={(item) => item.id}
      columns={columns}
      card={(item) => (
        <div className="space-y-1.5">
          {open(item)}
          <p className="text-sm text-slate-600">
            {target(item)} · {formatDateTime(new Date(item.createdAt), timeZone, locale)}
          </p>
          <Progress summary={item} />
        </div>
      )}
      query={query}
      cardProps={() => ({ className: 'px-4 py-3' })}
      loadingLabel={t('loading')}
      empty={
        <ListEmpty
          icon={<Mail className="size-8" aria-hidden="true" />}
          filtered={false}
          empty={{ title: t('sent.empty'), text: t('sent.emptyText') }}
          noMatch={{ title: t('sent.empty') }}
        />
      }
      paging={{
        page,
        total: query.data?.total ?? 0,
        pageSize: PAGE_SIZE,
        onPageChange: onPage,
        label: t('pagination'),
      }}
    />
  );
}

function SendingDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t, i18n } = useTranslation('communications');
  const locale = i18n.language === 'en' ? 'en' : 'fr';
  const query = useCommunication(id);
  const retry = useRetryCommunication();
  const detail = query.data;
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={detail?.subject ?? t('loading')}
      className="max-w-2xl"
      footer={
        detail && detail.progress.failed > 0 ? (
          <Button variant="secondary" onClick={() => retry.mutate(id)} loading={retry.isPending}>
            <RotateCcw aria-hidden="true" />
            {t('sent.retry')}
          </Button>
        ) : undefined
      }
    >
      {query.isPending ? (
        <Skeleton className="h-24" />
      ) : query.isError ? (
        <Alert tone="error" title={t('loadError')} />
      ) : (
        <div className="space-y-4">
          <Progress summary={query.data} />
          <div
            className="prose prose-sm max-w-none rounded-lg border border-slate-200 p-3"
            // Sanitised by the server (its allow-list of tags, no attribute but a link's address).
            dangerouslySetInnerHTML={{ __html: query.data.bodyFr }}
          />
          <ul className="max-h-64 divide-y divide-slate-100 overflow-auto text-sm">
            {query.data.recipients.map((recipient) => (
              <li key={recipient.email} className="flex flex-wrap items-center justify-between gap-2 py-1.5">
                <span className="min-w-0 truncate">
                  {recipient.name || recipient.email}
                  <span className="block text-xs text-slate-500">{recipient.email}</span>
                  {recipient.error ? (
                    <span className="block text-xs text-red-600">{recipient.error}</span>
                  ) : null}
                </span>
                <Badge variant={recipientBadgeVariant(recipient.status)}>
                  {RECIPIENT_STATUSES.label(recipient.status, locale)}
                </Badge>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Dialog>
  );
}

function InboxList() {
  const { t, i18n } = useTranslation('communications');
  const locale = i18n.language === 'en' ? 'en' : 'fr';
  const timeZone = useTimeZone();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const query = useInbox(page, PAGE_SIZE);
  const subject = (item: InboxItem) => (
    <button
      type="button"
      className={
        item.read
          ? 'text-left text-slate-700 hover:underline'
          : 'text-left font-semibold text-slate-900 hover:underline'
      }
      onClick={() => setOpen(item.id)}
      data-inbox-item={item.id}
      data-unread={item.read ? undefined : true}
    >
      {item.read ? null : (
        <>
          <span
            className="mr-2 inline-block size-2 rounded-full bg-brand-600 align-middle"
            aria-hidden="true"
          />
          <span className="sr-only">{t('inbox.unread')} : </span>
        </>
      )}
      {item.subject}
    </button>
  );
  const columns: Column<InboxItem>[] = [
    { id: 'subject', header: t('inbox.subject'), cell: subject },
    { id: 'kind', header: t('inbox.kind'), cell: (item) => INBOX_KINDS.label(item.kind, locale) },
    {
      id: 'date',
      header: t('inbox.date'),
      cell: (item) => formatDateTime(new Date(item.createdAt), timeZone, locale),
    },
  ];
  return (
    <>
      <DataTable
        items={query.data?.items ?? []}
        getKey={(item) => item.id}
        columns={columns}
        card={(item) => (
          <div className="space-y-1">
            {subject(item)}
            <p className="text-xs text-slate-600">
              {INBOX_KINDS.label(item.kind, locale)} ·{' '}
              {formatDateTime(new Date(item.createdAt), timeZone, locale)}
            </p>
          </div>
        )}
        query={query}
        cardProps={() => ({ className: 'px-4 py-3' })}
        loadingLabel={t('loading')}
        empty={
          <ListEmpty
            icon={<Inbox className="size-8" aria-hidden="true" />}
            filtered={false}
            empty={{ title: t('inbox.empty'), text: t('inbox.emptyText') }}
            noMatch={{ title: t('inbox.empty') }}
          />
        }
        paging={{
          page,
          total: query.data?.total ?? 0,
          pageSize: PAGE_SIZE,
          onPageChange: setPage,
          label: t('pagination'),
        }}
      />
      {open ? <InboxMessageDialog id={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}

function InboxMessageDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('communications');
  const query = useInboxMessage(id);
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={query.data?.subject ?? t('loading')}
      className="max-w-2xl"
    >
      {query.isPending ? (
        <Skeleton className="h-24" />
      ) : query.isError ? (
        <Alert tone="error" title={t('loadError')} />
      ) : (
        <div className="space-y-4">
          <div
            className="prose prose-sm max-w-none [&_ul]:list-disc [&_ul]:pl-5"
            data-message-body
            // Sanitised by the server (its allow-list of tags, no attribute but a link's address).
            dangerouslySetInnerHTML={{ __html: query.data.html }}
          />
          {query.data.attachments.length > 0 ? (
            <div className="flex flex-wrap gap-2">
              {query.data.attachments.map((attachment) => (
                <DownloadButton
                  key={attachment.id}
                  label={attachment.fileName ?? t('inbox.attachment')}
                  download={{
                    path: attachmentPath(query.data.communicationId ?? '', attachment.id),
                    fallbackName: attachment.fileName ?? 'piece-jointe',
                  }}
                />
              ))}
            </div>
          ) : null}
        </div>
      )}
    </Dialog>
  );
}
