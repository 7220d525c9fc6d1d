import {
  type CommunicationSettings,
  communicationSettingsSchema,
  type SessionReminderSettings,
} from '@inscrio/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { notify, notifyError } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import {
  useMailingRate,
  useReminderSettings,
  useSaveMailingRate,
  useSaveReminderSettings,
} from '../api/communication-settings';
import { SettingsCard, SettingsSaveButton } from './settings-card';

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
      <SettingsSaveButton pending={save.isPending}>{t('communications.save')}</SettingsSaveButton>
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
      <SettingsSaveButton pending={save.isPending}>{t('communications.save')}</SettingsSaveButton>
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
      <SettingsCard
        marker="reminders-card"
        title={t('communications.reminders.title')}
        description={t('communications.reminders.description')}
        errorTitle={t('communications.reminders.error')}
        query={reminders}
      >
        {(saved) => <RemindersForm organizationId={organizationId} saved={saved} />}
      </SettingsCard>
      <SettingsCard
        marker="rate-card"
        title={t('communications.rate.title')}
        description={t('communications.rate.description')}
        errorTitle={t('communications.rate.error')}
        query={rate}
        placeholderClassName="h-24"
      >
        {(saved) => <RateForm organizationId={organizationId} saved={saved} />}
      </SettingsCard>
    </div>
  );
}
