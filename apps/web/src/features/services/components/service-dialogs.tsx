import {
  postponeServiceSchema,
  type PostponeServiceInput,
  UNLIMITED_SEATS,
  updateServiceSchema,
  type UpdateServiceInput,
} from '@inscrio/shared';
import { useMemo } from 'react';
import { type FieldPath, type FieldValues, type UseFormSetError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/form-field';
import { isApiError } from '@/lib/api-error';
import { formatPattern } from '@/lib/dates';
import { notify, notifyError } from '@/lib/notify';
import { payloadResolver } from '@/lib/payload-resolver';
import { useLocale } from '@/lib/use-locale';
import { useCancelService, usePostponeService, useUpdateService } from '../api/change-service';
import type { ServiceDetail } from '../api/types';
import { useTimeZone } from '@/lib/use-time-zone';
import { parseInteger } from './service-form-model';

/** The session's start as the date and time inputs show it, in the organisation's time zone. */
function localStart(instant: string, timeZone: string, locale: 'fr' | 'en') {
  const date = new Date(instant);
  return {
    date: formatPattern(date, 'yyyy-MM-dd', timeZone, locale),
    time: formatPattern(date, 'HH:mm', timeZone, locale),
  };
}

/** Puts the API's field messages under the dialog's fields; the rest is notified. */
function applyErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: string[]) {
  if (isApiError(error)) {
    for (const detail of error.details) {
      const field = detail.field.replace(/^body\./, '');
      if (fields.includes(field))
        setError(field as FieldPath<T>, { type: 'server', message: detail.message });
    }
  }
  notifyError(error);
}

interface EditValues {
  date: string;
  time: string;
  duration: string;
  maxSeats: string;
  unlimitedSeats: boolean;
}

/** Change the session's date and time, duration and seats (`PATCH /services/{id}`). */
export function EditServiceDialog({
  service,
  open,
  onOpenChange,
}: {
  service: ServiceDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('services');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const update = useUpdateService();
  const resolver = useMemo(
    () =>
      payloadResolver<EditValues, UpdateServiceInput>(updateServiceSchema(locale), (values) => ({
        date: values.date,
        time: values.time,
        duration: parseInteger(values.duration),
        maxSeats: values.unlimitedSeats ? UNLIMITED_SEATS : parseInteger(values.maxSeats),
      })),
    [locale],
  );
  const unlimited = service.seats.maxSeats === UNLIMITED_SEATS;
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<EditValues, unknown, UpdateServiceInput>({
    resolver,
    values: {
      ...localStart(service.startDateTime, timeZone, locale),
      duration: String(service.duration),
      maxSeats: unlimited ? '' : String(service.seats.maxSeats),
      unlimitedSeats: unlimited,
    },
  });
  const submit = handleSubmit(async (input) => {
    try {
      await update.mutateAsync({ id: service.id, input });
      notify.success(t('service.edit.success'));
      onOpenChange(false);
    } catch (error) {
      applyErrors(error, setError, ['date', 'time', 'duration', 'maxSeats']);
    }
  });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('service.edit.title')}
      description={t('service.edit.description', { timeZone })}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('service.cancelAction')}
          </Button>
          <Button type="submit" form="edit-service" loading={isSubmitting}>
            {t('service.edit.submit')}
          </Button>
        </>
      }
    >
      <form id="edit-service" onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        <TextField type="date" label={t('fields.date')} error={errors.date?.message} {...register('date')} />
        <TextField type="time" label={t('fields.time')} error={errors.time?.message} {...register('time')} />
        <TextField
          label={t('fields.duration')}
          inputMode="numeric"
          hint={t('fields.durationHint')}
          error={errors.duration?.message}
          {...register('duration')}
        />
        <div className="space-y-2">
          <TextField
            label={t('fields.maxSeats')}
            inputMode="numeric"
            disabled={watch('unlimitedSeats')}
            error={errors.maxSeats?.message}
            {...register('maxSeats')}
          />
          <CheckboxField label={t('fields.unlimited')} {...register('unlimitedSeats')} />
        </div>
      </form>
    </Dialog>
  );
}

/** A new date for the session (`POST /services/{id}/postpone`); the first announced date is kept. */
export function PostponeServiceDialog({
  service,
  open,
  onOpenChange,
}: {
  service: ServiceDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('services');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const postpone = usePostponeService();
  const resolver = useMemo(
    () =>
      payloadResolver<{ date: string; time: string }, PostponeServiceInput>(postponeServiceSchema(locale)),
    [locale],
  );
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ date: string; time: string }, unknown, PostponeServiceInput>({
    resolver,
    values: localStart(service.startDateTime, timeZone, locale),
  });
  const submit = handleSubmit(async (input) => {
    try {
      await postpone.mutateAsync({ id: service.id, input });
      notify.success(t('service.postpone.success'));
      onOpenChange(false);
    } catch (error) {
      applyErrors(error, setError, ['date', 'time']);
    }
  });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('service.postpone.title')}
      description={t('service.postpone.description', { timeZone })}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('service.cancelAction')}
          </Button>
          <Button type="submit" form="postpone-service" loading={isSubmitting}>
            {t('service.postpone.submit')}
          </Button>
        </>
      }
    >
      <form id="postpone-service" onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        <TextField
          type="date"
          label={t('fields.newDate')}
          error={errors.date?.message}
          {...register('date')}
        />
        <TextField
          type="time"
          label={t('fields.newTime')}
          error={errors.time?.message}
          {...register('time')}
        />
      </form>
    </Dialog>
  );
}

/** Cancels the session after a confirmation (`POST /services/{id}/cancel`). */
export function CancelServiceDialog({
  service,
  open,
  onOpenChange,
}: {
  service: ServiceDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('services');
  const cancel = useCancelService();
  const confirm = async () => {
    await cancel.mutateAsync(service.id);
    notify.success(t('service.cancel.success'));
    onOpenChange(false);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('service.cancel.title')}
      description={t('service.cancel.description')}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('service.cancel.keep')}
          </Button>
          <Button
            variant="danger"
            loading={cancel.isPending}
            onClick={() => void confirm().catch(() => undefined)}
          >
            {t('service.cancel.confirm')}
          </Button>
        </>
      }
    />
  );
}
