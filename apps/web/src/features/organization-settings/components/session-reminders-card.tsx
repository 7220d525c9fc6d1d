import { type SessionReminderSettings, sessionReminderSettingsSchema } from '@inscrio/shared';
import { BellRing } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/feedback/error-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/checkbox';
import { SelectField } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { notify, notifyError } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useSaveSessionReminderSettings, useSessionReminderSettings } from '../api/session-reminders';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

function RemindersForm({ saved }: { saved: SessionReminderSettings }) {
  const { t } = useTranslation('organization-settings');
  const locale = useLocale();
  const save = useSaveSessionReminderSettings();
  const [values, setValues] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setValues(saved), [saved]);
  const dirty = values.enabled !== saved.enabled || values.hour !== saved.hour;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = sessionReminderSettingsSchema(locale).safeParse(values);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    save.mutate(parsed.data, {
      onSuccess: () => notify.success(t('reminders.saved')),
      onError: notifyError,
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-session-reminders="">
      <CheckboxField
        label={t('reminders.enabled')}
        hint={t('reminders.enabledHint')}
        checked={values.enabled}
        onChange={(event) => setValues((v) => ({ ...v, enabled: event.target.checked }))}
      />
      <SelectField
        className="sm:max-w-xs"
        label={t('reminders.hour')}
        hint={t('reminders.hourHint')}
        error={error ?? undefined}
        disabled={!values.enabled}
        value={values.hour}
        onChange={(event) => setValues((v) => ({ ...v, hour: Number(event.target.value) }))}
      >
        {HOURS.map((hour) => (
          <option key={hour} value={hour}>
            {`${String(hour).padStart(2, '0')}:00`}
          </option>
        ))}
      </SelectField>
      <div className="flex justify-end">
        <Button
          type="submit"
          variant="secondary"
          loading={save.isPending}
          disabled={!dirty && !save.isPending}
        >
          {t('reminders.save')}
        </Button>
      </div>
    </form>
  );
}

/**
 * The e-mail families receive the day before each session (session-changes/session-reminders.job.ts):
 * on or off, and the hour it leaves, in the organisation's time zone. Saved on its own
 * (`PATCH /session-reminders/settings`).
 */
export function SessionRemindersCard() {
  const { t } = useTranslation('organization-settings');
  const query = useSessionReminderSettings();
  return (
    <Card data-session-reminders-card="">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <BellRing className="size-5 text-slate-500" aria-hidden="true" />
          {t('reminders.title')}
        </CardTitle>
        <CardDescription>{t('reminders.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Skeleton className="h-32 w-full" />
        ) : query.isError || !query.data ? (
          <ErrorState title={t('reminders.error')} error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <RemindersForm saved={query.data} />
        )}
      </CardContent>
    </Card>
  );
}
