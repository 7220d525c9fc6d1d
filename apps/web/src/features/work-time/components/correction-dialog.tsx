import { TEXT_LIMITS, WORK_TIME_LIMITS, type WorkTimeCorrection } from '@inscrio/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { isApiError } from '@/lib/api-error';
import { notify, notifyError } from '@/lib/notify';
import { useAddCorrection, useUpdateCorrection } from '../api/work-time';

interface Draft {
  day: string;
  sign: '1' | '-1';
  hours: string;
  minutes: string;
  note: string;
}

const draftOf = (correction: WorkTimeCorrection | null, defaultDay: string): Draft => {
  const abs = Math.abs(correction?.minutes ?? 0);
  return {
    day: correction?.day ?? defaultDay,
    sign: (correction?.minutes ?? 1) < 0 ? '-1' : '1',
    hours: correction ? String(Math.floor(abs / 60)) : '1',
    minutes: correction ? String(abs % 60) : '0',
    note: correction?.note ?? '',
  };
};

/** Adds a correction, or changes the one given: a day, time added or removed, a note. */
export function CorrectionDialog({
  open,
  correction,
  defaultDay,
  month,
  onClose,
}: {
  open: boolean;
  correction: WorkTimeCorrection | null;
  defaultDay: string;
  /** 'yyyy-MM': the day picker stays within the month shown. */
  month: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('work-time');
  const add = useAddCorrection();
  const update = useUpdateCorrection();
  const [draft, setDraft] = useState<Draft>(() => draftOf(correction, defaultDay));
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (open) {
      setDraft(draftOf(correction, defaultDay));
      setErrors({});
    }
  }, [open, correction, defaultDay]);

  const set = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }));
  const pending = add.isPending || update.isPending;
  const lastDay = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();

  const submit = () => {
    const total = (Number(draft.hours) || 0) * 60 + (Number(draft.minutes) || 0);
    if (!draft.day.startsWith(`${month}-`)) {
      setErrors({ day: t('correction.dayOutsideMonth') });
      return;
    }
    if (total <= 0) {
      setErrors({ minutes: t('correction.durationRequired') });
      return;
    }
    // The month sent with the day: the API refuses a day of another month too.
    const input = { day: draft.day, minutes: Number(draft.sign) * total, note: draft.note.trim(), month };
    const done = {
      onSuccess: () => {
        notify.success(t('correction.saved'));
        onClose();
      },
      onError: (error: unknown) => {
        // Field errors of the API (French messages) go under their fields; anything else is notified.
        if (isApiError(error) && error.status === 400 && error.details.length > 0) {
          setErrors(Object.fromEntries(error.details.map((d) => [d.field, d.message])));
        } else notifyError(error);
      },
    };
    if (correction) update.mutate({ id: correction.id, ...input }, done);
    else add.mutate(input, done);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={correction ? t('correction.titleEdit') : t('correction.titleAdd')}
      description={t('correction.description')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('correction.cancel')}
          </Button>
          <Button onClick={submit} loading={pending} data-save-correction="">
            {t('correction.save')}
          </Button>
        </>
      }
    >
      <div className="space-y-4" data-correction-form="">
        <FormField id="correction-day" label={t('correction.day')} error={errors.day}>
          <Input
            id="correction-day"
            type="date"
            min={`${month}-01`}
            max={`${month}-${String(lastDay).padStart(2, '0')}`}
            value={draft.day}
            onChange={(event) => set({ day: event.target.value })}
          />
        </FormField>
        <FormField id="correction-sign" label={t('correction.direction')}>
          <Select
            id="correction-sign"
            value={draft.sign}
            onChange={(event) => set({ sign: event.target.value as Draft['sign'] })}
          >
            <option value="1">{t('correction.addTime')}</option>
            <option value="-1">{t('correction.removeTime')}</option>
          </Select>
        </FormField>
        <div className="grid grid-cols-2 gap-3">
          <FormField id="correction-hours" label={t('correction.hours')}>
            <Input
              id="correction-hours"
              type="number"
              inputMode="numeric"
              min={0}
              max={WORK_TIME_LIMITS.correctionMinutes / 60}
              value={draft.hours}
              onChange={(event) => set({ hours: event.target.value })}
            />
          </FormField>
          <FormField id="correction-minutes" label={t('correction.minutes')} error={errors.minutes}>
            <Input
              id="correction-minutes"
              type="number"
              inputMode="numeric"
              min={0}
              max={59}
              value={draft.minutes}
              onChange={(event) => set({ minutes: event.target.value })}
            />
          </FormField>
        </div>
        <FormField id="correction-note" label={t('correction.note')} error={errors.note}>
          <Textarea
            id="correction-note"
            value={draft.note}
            maxLength={TEXT_LIMITS.note}
            placeholder={t('correction.notePlaceholder')}
            onChange={(event) => set({ note: event.target.value })}
          />
        </FormField>
      </div>
    </Dialog>
  );
}
