import {
  type CommunicationSettings,
  communicationSettingsSchema,
  type SessionReminderSettings,
} from '@inscrio/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/feedback/error-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { notify, notifyError } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import {
  useMailingRate,
  useReminderSettings,
  useSaveMailingRate,
  useSaveReminderSettings,
} from '../api/communication-settings';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

function RemindersForm({
  organizationId,
  saved,
}: {
  organizationId: string;
  saved: SessionReminderSettings;
}) {
  const { t } = useTranslation('organization-settings');
  const save = useSaveReminderSettings(organizationId);
  const [values, setValues] = useState(saved);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate(values, {
      onSuccess: () => notify.success(t('communications.reminders.saved')),
      onError: notifyError,
    });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-reminder-settings="">
      <CheckboxField
        label={t('communications.reminders.enabled')}
        hint={t('communications.reminders.enabledHint')}
        checked={values.enabled}
        onChange={(event) => setValues((v) => ({ ...v, enabled: event.target.checked }))}
      />
      <FormField id="sessionReminderHour" label={t('communications.reminders.hour')} className="sm:max-w-72">
        <Select
          id="sessionReminderHour"
          value={String(values.hour)}
          disabled={!values.enabled}
          onChange={(event) => setValues((v) => ({ ...v, hour: Number(event.target.value) }))}
        >
          {HOURS.map((hour) => (
            <option key={hour} value={hour}>
              {`${String(hour).padStart(2, '0')}:00`}
            </option>
          ))}
        </Select>
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" size="lg" disabled={save.isPending} className="w-full sm:w-auto">
          {t('communications.save')}
        </Button>
      </div>
    </form>
  );
}

function RateForm({ organizationId, saved }: { organizationId: string; saved: CommunicationSettings }) {
  const { t } = useTranslation('organization-settings');
  const locale = useLocale();
  const save = useSaveMailingRate(organizationId);
  const [rate, setRate] = useState(String(saved.ratePerSecond));
  const [error, setError] = useState<string | undefined>();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = communicationSettingsSchema(locale).safeParse({
      ratePerSecond: rate.trim() === '' ? Number.NaN : Number(rate),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    save.mutate(parsed.data, {
      onSuccess: () => notify.success(t('communications.rate.saved')),
      onError: notifyError,
    });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-mailing-rate="">
      <FormField
        id="ratePerSecond"
        label={t('communications.rate.label')}
        hint={t('communications.rate.hint')}
        error={error}
      >
        <Input
          id="ratePerSecond"
          inputMode="numeric"
          value={rate}
          onChange={(event) => setRate(event.target.value)}
          className="sm:max-w-40"
          {...(error ? { 'aria-invalid': true, 'aria-describedby': 'ratePerSecond-error' } : {})}
        />
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" size="lg" disabled={save.isPending} className="w-full sm:w-auto">
          {t('communications.save')}
        </Button>
      </div>
    </form>
  );
}

/**
 * « Communications »: the reminder e-mailed the day before each session (on or off, the hour it leaves,
 * in the organisation's time zone) and how fast a message to families is sent (messages per second).
 */
export function CommunicationsStep({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('organization-settings');
  const reminders = useReminderSettings(organizationId);
  const rate = useMailingRate(organizationId);
  return (
    <div className="space-y-6">
      <Card data-reminders-card="">
        <CardHeader>
          <CardTitle>{t('communications.reminders.title')}</CardTitle>
          <CardDescription>{t('communications.reminders.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          {reminders.isPending ? (
            <Skeleton className="h-32 w-full" />
          ) : reminders.isError || !reminders.data ? (
            <ErrorState
              title={t('communications.reminders.error')}
              error={reminders.error}
              onRetry={() => void reminders.refetch()}
            />
          ) : (
            <RemindersForm organizationId={organizationId} saved={reminders.data} />
          )}
        </CardContent>
      </Card>
      <Card data-rate-card="">
        <CardHeader>
          <CardTitle>{t('communications.rate.title')}</CardTitle>
          <CardDescription>{t('communications.rate.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          {rate.isPending ? (
            <Skeleton className="h-24 w-full" />
          ) : rate.isError || !rate.data ? (
            <ErrorState
              title={t('communications.rate.error')}
              error={rate.error}
              onRetry={() => void rate.refetch()}
            />
          ) : (
            <RateForm organizationId={organizationId} saved={rate.data} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
