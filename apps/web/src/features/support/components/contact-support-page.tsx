import {
  SUPPORT_THREAD_STATUSES,
  type SupportThreadStatus,
  supportStanding,
  SYSTEM_ORGANIZATION_ID,
} from '@inscrio/shared';
import { MessageSquarePlus, MessagesSquare } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { EmptyState } from '@/components/feedback/error-state';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { type Column, DataTable } from '@/components/lists/data-table';
import { ListToolbar } from '@/components/lists/list-toolbar';
import { useUrlFilters } from '@/components/lists/use-url-filters';
import { BackLink } from '@/components/ui/back-link';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/form-field';
import { useAuth } from '@/lib/auth-store';
import { formatDateTime } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { useLocale } from '@/lib/use-locale';
import { useTimeZone } from '@/lib/use-time-zone';
import { type SupportThread, useSupportThreads } from '../api/support';
import { NewThreadDialog } from './new-thread-dialog';
import { SupportStatusBadge } from './support-status-badge';
import { ThreadView } from './thread-view';
import { AccessDenied } from '@/components/feedback/access-denied';

const urlSchema = z.object({
  status: z.enum(SUPPORT_THREAD_STATUSES).optional(),
  thread: z.string().max(100).optional(),
});
const urlOptions = { filters: ['status'] as const };

/**
 * `/contact-support` (« Contacter l'administration »): the threads with the platform administration,
 * latest first; `?thread=` opens one (its messages and the reply box). Support staff and club
 * administrators write; a system administrator reads every thread, answers and closes.
 */
function ContactSupportPageContent() {
  const { t } = useTranslation('support');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const { user } = useAuth();
  const platform = user?.isSystemAdmin === true;
  const { values, set } = useUrlFilters(urlSchema, urlOptions);
  const [, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const query = useSupportThreads(values.status);
  const items = query.data?.items ?? [];
  const threadLink = (thread: SupportThread) => `?thread=${encodeURIComponent(thread.id)}`;

  if (values.thread) {
    return (
      <PageContainer className="max-w-3xl">
        <BackLink to={paths.contactSupport.to()}>{t('thread.back')}</BackLink>
        <ThreadView threadId={values.thread} />
      </PageContainer>
    );
  }

  const columns: Column<SupportThread>[] = [
    {
      id: 'subject',
      header: t('columns.subject'),
      cell: (thread) => (
        <Link to={threadLink(thread)} className="font-semibold text-slate-900 hover:text-brand-700">
          {thread.subject}
        </Link>
      ),
    },
    ...(platform
      ? [
          {
            id: 'organization',
            header: t('columns.organization'),
            cell: (thread: SupportThread) => thread.organizationName,
          },
        ]
      : []),
    {
      id: 'status',
      header: t('columns.status'),
      cell: (thread) => <SupportStatusBadge status={thread.status} />,
    },
    {
      id: 'lastMessageAt',
      header: t('columns.lastMessageAt'),
      cell: (thread) => formatDateTime(thread.lastMessageAt, timeZone, locale),
      className: 'whitespace-nowrap',
    },
  ];

  return (
    <PageContainer>
      <PageHeader
        title={t('title')}
        description={platform ? t('descriptionPlatform') : t('description')}
        actions={
          platform ? null : (
            <Button onClick={() => setCreating(true)} data-support-new="">
              <MessageSquarePlus aria-hidden="true" />
              {t('actions.new')}
            </Button>
          )
        }
      />
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
        <ListToolbar>
          <SelectField
            label={t('filters.status')}
            value={values.status ?? ''}
            onChange={(event) => set({ status: (event.target.value || null) as SupportThreadStatus | null })}
            className="sm:max-w-56"
          >
            <option value="">{t('filters.all')}</option>
            {SUPPORT_THREAD_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`status.${status}`)}
              </option>
            ))}
          </SelectField>
        </ListToolbar>
        <DataTable
          items={items}
          getKey={(thread) => thread.id}
          columns={columns}
          query={query}
          loadingLabel={t('loading')}
          errorTitle={t('errors.list')}
          rowProps={(thread) => ({ 'data-support-thread-row': thread.id })}
          empty={
            <EmptyState
              icon={<MessagesSquare className="size-8" aria-hidden="true" />}
              title={values.status ? t('empty.filtered') : t('empty.title')}
              text={platform ? t('empty.platform') : t('empty.text')}
            />
          }
          card={(thread) => (
            <Link
              to={threadLink(thread)}
              className="block space-y-1.5 p-4"
              data-support-thread-card={thread.id}
            >
              <span className="flex items-start justify-between gap-2">
                <span className="min-w-0 font-semibold break-words text-slate-900">{thread.subject}</span>
                <SupportStatusBadge status={thread.status} />
              </span>
              <span className="block text-xs text-slate-500">
                {platform ? `${thread.organizationName} · ` : ''}
                {formatDateTime(thread.lastMessageAt, timeZone, locale)}
              </span>
            </Link>
          )}
        />
      </div>
      {platform ? null : (
        <NewThreadDialog
          open={creating}
          onOpenChange={setCreating}
          onCreated={(thread) => {
            setCreating(false);
            setParams({ thread: thread.id });
          }}
        />
      )}
    </PageContainer>
  );
}

export function ContactSupportPage() {
  const { t } = useTranslation('support');
  const { user } = useAuth();
  const standing = user ? supportStanding(user, user.organizationId === SYSTEM_ORGANIZATION_ID) : 'none';
  if (standing === 'none') return <AccessDenied title={t('title')} reason={t('forbidden')} />;
  return <ContactSupportPageContent />;
}
