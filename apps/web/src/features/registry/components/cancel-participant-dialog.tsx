import type { ParticipantDto } from '@inscrio/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { notificationText } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useCancelParticipant } from '../api/participants';
import { useSessionDate } from './session-label';

/** The reason is optional and at most this long (the shared `cancelParticipantSchema`). */
export const CANCEL_REASON_MAX = 500;

function CancelForm({ participant, onDone }: { participant: ParticipantDto; onDone: () => void }) {
  const { t } = useTranslation('registry');
  const locale = useLocale();
  const cancel = useCancelParticipant();
  const [reason, setReason] = useState('');
  const [refund, setRefund] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = `${participant.member.firstName} ${participant.member.lastName}`.trim();

  const confirm = async () => {
    setError(null);
    try {
      await cancel.mutateAsync({ id: participant.id, reason: reason.trim() || undefined, refund });
      notify.success(t('cancel.done', { name }));
      onDone();
    } catch (cause) {
      setError(notificationText(cause, locale));
    }
  };

  return (
    <>
      <div className="space-y-4">
        <FormField id="cancel-reason" label={t('cancel.reason')} hint={t('cancel.reasonHint')}>
          <Textarea
            id="cancel-reason"
            rows={3}
            maxLength={CANCEL_REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </FormField>
        {participant.orderId ? (
          <CheckboxField
            label={t('cancel.refund')}
            hint={t('cancel.refundHint')}
            checked={refund}
            onChange={(event) => setRefund(event.target.checked)}
          />
        ) : null}
        {error ? <Alert tone="error">{error}</Alert> : null}
      </div>
      <div className="mt-5 flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>
          {t('actions.back')}
        </Button>
        <Button variant="danger" loading={cancel.isPending} onClick={() => void confirm()}>
          {t('cancel.confirm')}
        </Button>
      </div>
    </>
  );
}

/** « Annuler l'inscription », with an optional reason given to the family and, if paid, a refund. */
export function CancelParticipantDialog({
  participant,
  onOpenChange,
}: {
  participant: ParticipantDto | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('registry');
  const date = useSessionDate();
  return (
    <Dialog
      open={participant !== null}
      onOpenChange={onOpenChange}
      title={t('cancel.title')}
      description={
        participant
          ? t('cancel.description', {
              name: `${participant.member.firstName} ${participant.member.lastName}`.trim(),
              activity: participant.service.blueprintName,
              date: date(participant.service.startDateTime),
            })
          : undefined
      }
    >
      {participant ? <CancelForm participant={participant} onDone={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}
