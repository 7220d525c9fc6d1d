import { localDay, shiftMonth, type WorkTimeCorrection } from '@inscrio/shared';
import { Plus, Send } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/feedback/error-state';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/lib/paths';
import { notify, notifyError } from '@/lib/notify';
import { useDeleteCorrection, useSubmitMonth, useWorkMonth } from '../api/work-time';
import { CorrectionDialog } from './correction-dialog';
import { MonthDays } from './month-days';
import { MonthNav } from './month-nav';
import { MonthSummary } from './month-summary';
import { useWorkTexts } from './texts';

/** The holder's own month: totals, days, corrections while editable, and the submission. */
export function HolderWorkTime({
  month,
  onMonthChange,
}: {
  month: string;
  onMonthChange: (month: string) => void;
}) {
  const { t } = useTranslation('work-time');
  const texts = useWorkTexts();
  const query = useWorkMonth(month);
  const remove = useDeleteCorrection();
  const submit = useSubmitMonth();
  const [editing, setEditing] = useState<WorkTimeCorrection | null>(null);
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const data = query.data;
  const today = localDay(new Date(), texts.timeZone);
  const defaultDay = today.startsWith(month) ? today : `${month}-01`;
  // A month is submitted once over: its sessions are all held.
  const canSubmit = data?.editable === true && `${shiftMonth(month, 1)}-01` <= today;

  const onDelete = (correction: WorkTimeCorrection) =>
    remove.mutate(correction.id, {
      onSuccess: () => notify.success(t('correction.deleted')),
      onError: notifyError,
    });
  const onSubmit = () =>
    submit.mutate(month, {
      onSuccess: () => {
        notify.success(t('submit.done'));
        setConfirming(false);
      },
      onError: notifyError,
    });

  return (
    <div className="space-y-4" aria-busy={query.isFetching}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <MonthNav month={month} onChange={onMonthChange} />
        {data?.editable ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => setAdding(true)} data-add-correction="">
              <Plus aria-hidden="true" />
              {t('correction.add')}
            </Button>
            {canSubmit ? (
              <Button size="sm" onClick={() => setConfirming(true)} data-submit-month="">
                <Send aria-hidden="true" />
                {t('submit.action')}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      {query.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner label={t('loading')} />
        </div>
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : data ? (
        <>
          <MonthSummary month={data} />
          {data.status === 'submitted' ? <Alert tone="info">{t('status.lockedHint')}</Alert> : null}
          {data.status === 'validated' ? <Alert tone="success">{t('status.validatedHint')}</Alert> : null}
          <MonthDays
            month={data}
            sessionLink={paths.holdingService.to}
            actions={data.editable ? { onEdit: setEditing, onDelete } : null}
          />
        </>
      ) : null}
      <CorrectionDialog
        open={adding || editing !== null}
        correction={editing}
        defaultDay={defaultDay}
        month={month}
        onClose={() => {
          setAdding(false);
          setEditing(null);
        }}
      />
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('submit.confirmTitle', { month: texts.month(month) })}
        description={t('submit.confirmText')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('correction.cancel')}
            </Button>
            <Button onClick={onSubmit} loading={submit.isPending} data-confirm-submit="">
              {t('submit.confirm')}
            </Button>
          </>
        }
      />
    </div>
  );
}
