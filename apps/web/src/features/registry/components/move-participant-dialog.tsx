import { formatSeats, type ParticipantDto } from '@inscrio/shared';
import { CalendarX2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState } from '@/components/feedback/error-state';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { notificationText } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { notify } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useSessionOptions } from '../api/options';
import { useMoveParticipant } from '../api/participants';
import type { SessionOption } from '../api/types';
import { useSessionDate } from './session-label';

/** Sessions a participant may move to: another, not cancelled, with a free seat (or unlimited). */
export function moveTargets(sessions: SessionOption[], currentId: string): SessionOption[] {
  return sessions.filter(
    (session) => session.id !== currentId && session.status !== 'cancelled' && session.seats.freeSeats !== 0,
  );
}

function MoveForm({ participant, onDone }: { participant: ParticipantDto; onDone: () => void }) {
  const { t } = useTranslation('registry');
  const locale = useLocale();
  const date = useSessionDate();
  // Upcoming from the moment the dialog opened.
  const [from] = useState(() => new Date().toISOString());
  const sessions = useSessionOptions({ blueprintId: participant.service.blueprintId, from });
  const move = useMoveParticipant();
  const [target, setTarget] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const targets = moveTargets(sessions.data?.items ?? [], participant.service.id);
  const name = `${participant.member.firstName} ${participant.member.lastName}`.trim();

  const confirm = async () => {
    const session = targets.find((item) => item.id === target);
    if (!session) return;
    setError(null);
    try {
      await move.mutateAsync({ id: participant.id, serviceId: session.id });
      notify.success(t('move.done', { name, date: date(session.startDateTime) }));
      onDone();
    } catch (cause) {
      setError(notificationText(cause, locale));
    }
  };

  return (
    <>
      <div className="space-y-4">
        <p className="text-sm text-slate-600">
          {t('move.current')}{' '}
          <span className="font-medium text-slate-900">{date(participant.service.startDateTime)}</span>
        </p>
        {sessions.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label={t('loading')} />
          </div>
        ) : sessions.isError ? (
          <ErrorState error={sessions.error} onRetry={() => void sessions.refetch()} />
        ) : targets.length === 0 ? (
          <EmptyState
            icon={<CalendarX2 className="size-7" aria-hidden="true" />}
            title={t('move.none')}
            text={t('move.noneHint')}
          />
        ) : (
          <fieldset className="max-h-[45dvh] space-y-2 overflow-y-auto p-0.5" data-move-targets="">
            <legend className="sr-only">{t('move.choose')}</legend>
            {targets.map((session) => (
              <label
                key={session.id}
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-xl border px-3 py-2.5 text-sm transition-colors',
                  target === session.id
                    ? 'border-brand-600 bg-brand-50'
                    : 'border-slate-200 hover:bg-slate-50',
                )}
                data-move-target=""
              >
                <input
                  type="radio"
                  name="move-target"
                  value={session.id}
                  checked={target === session.id}
                  onChange={() => setTarget(session.id)}
                  className="accent-brand-700"
                />
                <span className="flex min-w-0 flex-1 flex-wrap items-baseline justify-between gap-x-3">
                  <span className="font-medium whitespace-nowrap text-slate-900 tabular-nums">
                    {date(session.startDateTime)}
                  </span>
                  <span className="text-xs text-slate-500">
                    {session.seats.freeSeats === -1
                      ? formatSeats(-1, locale)
                      : t('move.freeSeats', { count: session.seats.freeSeats })}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
        )}
        {error ? <Alert tone="error">{error}</Alert> : null}
      </div>
      <div className="mt-5 flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>
          {t('actions.back')}
        </Button>
        <Button disabled={!target} loading={move.isPending} onClick={() => void confirm()}>
          {t('move.confirm')}
        </Button>
      </div>
    </>
  );
}

/** « Déplacer »: another upcoming session of the same activity with a free seat. */
export function MoveParticipantDialog({
  participant,
  onOpenChange,
}: {
  participant: ParticipantDto | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('registry');
  return (
    <Dialog
      open={participant !== null}
      onOpenChange={onOpenChange}
      title={t('move.title')}
      description={
        participant
          ? t('move.description', {
              name: `${participant.member.firstName} ${participant.member.lastName}`.trim(),
              activity: participant.service.blueprintName,
            })
          : undefined
      }
    >
      {participant ? <MoveForm participant={participant} onDone={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}
