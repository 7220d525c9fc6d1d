import {
  RECOVERY_TOKEN_ORIGINS,
  RECOVERY_TOKEN_STATUSES,
  type RecoveryTokenDto,
  recoveryTokenListQuerySchema,
} from '@inscrio/shared';
import { CalendarPlus, Plus, Ticket, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListEmpty } from '@/components/lists/list-empty';
import { type Column, DataTable } from '@/components/lists/data-table';
import { EnumFilter } from '@/components/lists/list-filters';
import { ListToolbar } from '@/components/lists/list-toolbar';
import { ListHeader } from '@/components/lists/list-filters';
import { useUrlFilters } from '@/components/lists/use-url-filters';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { notify, notifyError } from '@/lib/notify';
import {
  useActivityChoices,
  useCancelRecoveryToken,
  useExtendRecoveryToken,
  useRecoveryTokens,
} from '../api/recovery-tokens';
import { IssueTokenDialog } from './issue-token-dialog';
import { TokenStatusBadge, useTokenDates, useTokenOrigin, useTokenValue } from './token-text';

const PAGE_SIZE = 20;
const urlSchema = recoveryTokenListQuerySchema('fr').pick({
  status: true,
  origin: true,
  blueprintId: true,
  page: true,
});

interface RowActions {
  onExtend: (token: RecoveryTokenDto) => void;
  onCancel: (token: RecoveryTokenDto) => void;
}

const memberName = (token: RecoveryTokenDto) => `${token.memberFirstName} ${token.memberLastName}`.trim();

function Actions({ token, onExtend, onCancel }: { token: RecoveryTokenDto } & RowActions) {
  const { t } = useTranslation('recovery-tokens');
  const name = memberName(token);
  return (
    <div className="flex flex-wrap gap-1.5 md:justify-end">
      {token.status === 'available' || token.status === 'expired' ? (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onExtend(token)}
          aria-label={t('manager.extendOf', { name })}
          data-action="extend"
        >
          <CalendarPlus aria-hidden="true" />
          {t('manager.extend')}
        </Button>
      ) : null}
      {token.status === 'available' ? (
        <Button
          variant="ghost"
          size="sm"
          className="text-red-700 hover:bg-red-50"
          onClick={() => onCancel(token)}
          aria-label={t('manager.cancelOf', { name })}
          data-action="cancel"
        >
          <XCircle aria-hidden="true" />
          {t('manager.cancel')}
        </Button>
      ) : null}
    </div>
  );
}

function useColumns(actions: RowActions): Column<RecoveryTokenDto>[] {
  const { t } = useTranslation('recovery-tokens');
  const origin = useTokenOrigin();
  const value = useTokenValue();
  const dates = useTokenDates();
  return [
    {
      id: 'member',
      header: t('manager.columns.member'),
      cellClassName: 'font-semibold text-slate-900',
      cell: memberName,
    },
    { id: 'origin', header: t('manager.columns.origin'), cellClassName: 'text-slate-700', cell: origin },
    {
      id: 'value',
      header: t('manager.columns.value'),
      cellClassName: 'tabular-nums',
      cell: (token) => value(token.valueCents),
    },
    {
      id: 'status',
      header: t('manager.columns.status'),
      cell: (token) => <TokenStatusBadge status={token.status} />,
    },
    {
      id: 'expires',
      header: t('manager.columns.expires'),
      cellClassName: 'whitespace-nowrap tabular-nums text-slate-700',
      cell: (token) => dates.day(token.expiresAt),
    },
    {
      id: 'actions',
      header: t('manager.columns.actions'),
      hiddenHeader: true,
      className: 'text-right',
      cell: (token) => <Actions token={token} {...actions} />,
    },
  ];
}

function TokenCard({ token, ...actions }: { token: RecoveryTokenDto } & RowActions) {
  const origin = useTokenOrigin();
  const value = useTokenValue();
  const dates = useTokenDates();
  const { t } = useTranslation('recovery-tokens');
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <span className="min-w-0 font-semibold break-words text-slate-900">{memberName(token)}</span>
        <TokenStatusBadge status={token.status} />
      </div>
      <p className="text-sm text-slate-700">{origin(token)}</p>
      <p className="text-sm text-slate-600 tabular-nums">
        {value(token.valueCents)} · {t('family.validUntil', { date: dates.day(token.expiresAt) })}
      </p>
      <Actions token={token} {...actions} />
    </>
  );
}

function ExtendDialog({ token, onClose }: { token: RecoveryTokenDto | null; onClose: () => void }) {
  const { t } = useTranslation('recovery-tokens');
  const extend = useExtendRecoveryToken();
  const [date, setDate] = useState('');
  const submit = () => {
    if (!token || !date) return;
    extend.mutate(
      { id: token.id, expiresAt: new Date(`${date}T23:59:00`).toISOString() },
      {
        onSuccess: () => {
          notify.success(t('manager.extended'));
          setDate('');
          onClose();
        },
        onError: notifyError,
      },
    );
  };
  return (
    <Dialog
      open={token !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('manager.extendTitle')}
      description={token ? memberName(token) : undefined}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('consume.back')}
          </Button>
          <Button onClick={submit} disabled={!date || extend.isPending} data-confirm-extend="">
            {t('manager.extend')}
          </Button>
        </>
      }
    >
      <FormField id="token-expiry" label={t('manager.newExpiry')}>
        <Input id="token-expiry" type="date" value={date} onChange={(event) => setDate(event.target.value)} />
      </FormField>
    </Dialog>
  );
}

function CancelDialog({ token, onClose }: { token: RecoveryTokenDto | null; onClose: () => void }) {
  const { t } = useTranslation('recovery-tokens');
  const cancel = useCancelRecoveryToken();
  const [reason, setReason] = useState('');
  const submit = () => {
    if (!token || !reason.trim()) return;
    cancel.mutate(
      { id: token.id, reason: reason.trim() },
      {
        onSuccess: () => {
          notify.success(t('manager.cancelled'));
          setReason('');
          onClose();
        },
        onError: notifyError,
      },
    );
  };
  return (
    <Dialog
      open={token !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('manager.cancelTitle')}
      description={token ? memberName(token) : undefined}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('consume.back')}
          </Button>
          <Button variant="danger" onClick={submit} disabled={!reason.trim() || cancel.isPending}>
            {t('manager.cancel')}
          </Button>
        </>
      }
    >
      <FormField id="token-cancel-reason" label={t('manager.reason')}>
        <Textarea
          id="token-cancel-reason"
          value={reason}
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
        />
      </FormField>
    </Dialog>
  );
}

/** The managers' list: every token of the organisation (an establishment manager: of their establishment). */
export function ManagerRecoveryTokens() {
  const { t } = useTranslation('recovery-tokens');
  const { values, set, filtered, clear } = useUrlFilters(urlSchema);
  const query = useRecoveryTokens({
    status: values.status,
    origin: values.origin,
    blueprintId: values.blueprintId,
    page: values.page,
    pageSize: PAGE_SIZE,
  });
  const activities = useActivityChoices(true);
  const [extending, setExtending] = useState<RecoveryTokenDto | null>(null);
  const [cancelling, setCancelling] = useState<RecoveryTokenDto | null>(null);
  const [issuing, setIssuing] = useState(false);
  const actions: RowActions = { onExtend: setExtending, onCancel: setCancelling };
  const columns = useColumns(actions);
  const total = query.data?.total ?? 0;

  return (
    <Card className="overflow-hidden">
      <ListHeader title={t('manager.listTitle')}>
        <Button size="sm" onClick={() => setIssuing(true)} data-issue-token="">
          <Plus aria-hidden="true" />
          {t('manager.issue.open')}
        </Button>
      </ListHeader>
      <ListToolbar className="sm:grid-cols-3" data-token-filters="">
        <EnumFilter
          enumeration={RECOVERY_TOKEN_STATUSES}
          value={values.status}
          onChange={(status) => set({ status })}
          label={t('manager.filters.status')}
          allLabel={t('manager.filters.allStatuses')}
          data-filter="status"
        />
        <EnumFilter
          enumeration={RECOVERY_TOKEN_ORIGINS}
          value={values.origin}
          onChange={(origin) => set({ origin })}
          label={t('manager.filters.origin')}
          allLabel={t('manager.filters.allOrigins')}
          data-filter="origin"
        />
        <Select
          aria-label={t('manager.filters.activity')}
          value={values.blueprintId ?? ''}
          onChange={(event) => set({ blueprintId: event.target.value || undefined })}
          data-filter="activity"
        >
          <option value="">{t('manager.filters.allActivities')}</option>
          {(activities.data?.items ?? []).map((activity) => (
            <option key={activity.id} value={activity.id}>
              {activity.name}
            </option>
          ))}
        </Select>
      </ListToolbar>
      <DataTable
        items={query.data?.items ?? []}
        getKey={(token) => token.id}
        columns={columns}
        card={(token) => <TokenCard token={token} {...actions} />}
        query={query}
        loadingLabel={t('loading')}
        empty={
          <ListEmpty
            icon={<Ticket className="size-8" aria-hidden="true" />}
            filtered={filtered}
            empty={{ title: t('manager.empty'), text: t('manager.emptyText') }}
            noMatch={{
              title: t('manager.noMatch'),
              text: t('manager.noMatchText'),
              clearLabel: t('manager.filters.clear'),
              onClear: clear,
            }}
          />
        }
        paging={{
          page: values.page,
          total,
          pageSize: PAGE_SIZE,
          onPageChange: (page) => set({ page }),
          summary: (pages) => t('manager.summary', { count: total, page: values.page, pages }),
          label: t('manager.pagination'),
        }}
        tableProps={{ 'data-tokens-table': '' }}
        cardProps={() => ({ className: 'space-y-2 px-4 py-4' })}
      />
      <ExtendDialog token={extending} onClose={() => setExtending(null)} />
      <CancelDialog token={cancelling} onClose={() => setCancelling(null)} />
      <IssueTokenDialog open={issuing} onOpenChange={setIssuing} />
    </Card>
  );
}
