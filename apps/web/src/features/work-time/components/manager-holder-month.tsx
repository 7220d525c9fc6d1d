import { isAtLeastEstManager, TEXT_LIMITS } from '@inscrio/shared';
import { Check, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/feedback/error-state';
import { BackLink } from '@/components/ui/back-link';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/checkbox';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { useAuth } from '@/lib/auth-store';
import { notify, notifyError } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { useDecideMonth, useSetVolunteer, useWorkMonth } from '../api/work-time';
import { MonthDays } from './month-days';
import { MonthNav } from './month-nav';
import { MonthSummary } from './month-summary';

/** A holder's month as a manager sees it: read only, with the decision and the volunteer flag. */
export function ManagerHolderMonth({
  month,
  holderId,
  onMonthChange,
}: {
  month: string;
  holderId: string;
  onMonthChange: (month: string) => void;
}) {
  const { t } = useTranslation('work-time');
  const { user } = useAuth();
  const query = useWorkMonth(month, holderId);
  const decide = useDecideMonth(holderId);
  const volunteer = useSetVolunteer(holderId);
  const [rejecting, setRejecting] = useState(false);
  const [note, setNote] = useState('');
  const data = query.data;

  const onValidate = () =>
    decide.mutate(
      { month, decision: 'validate' },
      { onSuccess: () => notify.success(t('manager.validated')), onError: notifyError },
    );
  const onReject = () =>
    decide.mutate(
      { month, decision: 'reject', note: note.trim() },
      {
        onSuccess: () => {
          notify.success(t('manager.rejected'));
          setRejecting(false);
          setNote('');
        },
        onError: notifyError,
      },
    );

  return (
    <div className="space-y-4" aria-busy={query.isFetching}>
      <BackLink to={paths.workTime.to({ month })}>{t('manager.back')}</BackLink>
      {query.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner label={t('loading')} />
        </div>
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : data ? (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="min-w-0">
              <h2 className="text-lg font-semibold text-slate-900" data-holder-name="">
                {data.holder.displayName}
              </h2>
              <MonthNav month={month} onChange={onMonthChange} />
            </div>
            {data.status === 'submitted' && isAtLeastEstManager(user) ? (
              <div className="flex flex-wrap gap-2">
                <Button variant="secondary" size="sm" onClick={() => setRejecting(true)} data-reject-month="">
                  <Undo2 aria-hidden="true" />
                  {t('manager.reject')}
                </Button>
                <Button size="sm" onClick={onValidate} loading={decide.isPending} data-validate-month="">
                  <Check aria-hidden="true" />
                  {t('manager.validate')}
                </Button>
              </div>
            ) : null}
          </div>
          <MonthSummary month={data} />
          <Card className="p-4 sm:p-5">
            <CheckboxField
              label={t('manager.volunteerToggle')}
              checked={data.holder.volunteer}
              disabled={volunteer.isPending}
              onChange={(event) =>
                volunteer.mutate(event.target.checked, {
                  onSuccess: () => notify.success(t('manager.volunteerSaved')),
                  onError: notifyError,
                })
              }
              data-volunteer-toggle=""
            />
          </Card>
          <MonthDays month={data} sessionLink={paths.managedService.to} actions={null} />
        </>
      ) : null}
      <Dialog
        open={rejecting}
        onOpenChange={setRejecting}
        title={t('manager.rejectTitle')}
        description={data?.holder.displayName}
        footer={
          <>
            <Button variant="secondary" onClick={() => setRejecting(false)}>
              {t('correction.cancel')}
            </Button>
            <Button variant="danger" onClick={onReject} disabled={!note.trim()} loading={decide.isPending}>
              {t('manager.reject')}
            </Button>
          </>
        }
      >
        <FormField id="reject-note" label={t('manager.rejectNote')} hint={t('manager.rejectHint')}>
          <Textarea
            id="reject-note"
            value={note}
            maxLength={TEXT_LIMITS.reason}
            onChange={(event) => setNote(event.target.value)}
          />
        </FormField>
      </Dialog>
    </div>
  );
}
