import {
  RECOVERY_SCOPES,
  type RecoverySettings,
  recoverySettingsSchema,
  SESSION_CANCELLATION_COMPENSATIONS,
} from '@inscrio/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { fieldMessages } from '@/lib/form-errors';
import { notify, notifyError } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useRecoverySettings, useSaveRecoverySettings } from '../api/recovery-settings';
import { SettingsCard, SettingsSaveButton } from './settings-card';

type Field = keyof RecoverySettings;

function RecoveryForm({ organizationId, saved }: { organizationId: string; saved: RecoverySettings }) {
  const { t } = useTranslation('organization-settings');
  const locale = useLocale();
  const save = useSaveRecoverySettings(organizationId);
  const [values, setValues] = useState({
    ...saved,
    recoveryNoticeHours: String(saved.recoveryNoticeHours),
    recoveryValidityDays: String(saved.recoveryValidityDays),
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const set = (changes: Partial<typeof values>) => setValues((current) => ({ ...current, ...changes }));
  const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = recoverySettingsSchema(locale).safeParse({
      ...values,
      recoveryNoticeHours: number(values.recoveryNoticeHours),
      recoveryValidityDays: number(values.recoveryValidityDays),
    });
    if (!parsed.success) {
      setErrors(fieldMessages<Field>(parsed.error));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => notify.success(t('recovery.saved')),
      onError: notifyError,
    });
  };

  const fieldError = (field: Field) =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${field}-error` } : {};

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-recovery-settings="">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id="recoveryNoticeHours"
          label={t('recovery.noticeHours')}
          hint={t('recovery.noticeHoursHint')}
          error={errors.recoveryNoticeHours}
        >
          <Input
            id="recoveryNoticeHours"
            inputMode="numeric"
            value={values.recoveryNoticeHours}
            onChange={(event) => set({ recoveryNoticeHours: event.target.value })}
            {...fieldError('recoveryNoticeHours')}
          />
        </FormField>
        <FormField
          id="recoveryValidityDays"
          label={t('recovery.validityDays')}
          error={errors.recoveryValidityDays}
        >
          <Input
            id="recoveryValidityDays"
            inputMode="numeric"
            value={values.recoveryValidityDays}
            onChange={(event) => set({ recoveryValidityDays: event.target.value })}
            {...fieldError('recoveryValidityDays')}
          />
        </FormField>
        <FormField id="recoveryScope" label={t('recovery.scope')} error={errors.recoveryScope}>
          <Select
            id="recoveryScope"
            value={values.recoveryScope}
            onChange={(event) =>
              set({ recoveryScope: RECOVERY_SCOPES.is(event.target.value) ? event.target.value : 'any' })
            }
          >
            {RECOVERY_SCOPES.values.map((scope) => (
              <option key={scope} value={scope}>
                {RECOVERY_SCOPES.label(scope, locale)}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField id="sessionCancellationCompensation" label={t('recovery.compensation')}>
          <Select
            id="sessionCancellationCompensation"
            value={values.sessionCancellationCompensation}
            onChange={(event) =>
              set({
                sessionCancellationCompensation: SESSION_CANCELLATION_COMPENSATIONS.is(event.target.value)
                  ? event.target.value
                  : 'credit-note',
              })
            }
          >
            {SESSION_CANCELLATION_COMPENSATIONS.values.map((value) => (
              <option key={value} value={value}>
                {SESSION_CANCELLATION_COMPENSATIONS.label(value, locale)}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      <CheckboxField
        label={t('recovery.forAbsences')}
        checked={values.recoveryForAbsences}
        onChange={(event) => set({ recoveryForAbsences: event.target.checked })}
      />
      <CheckboxField
        label={t('recovery.refundOnline')}
        hint={t('recovery.refundOnlineHint')}
        checked={values.refundOnlineOnCancellation}
        onChange={(event) => set({ refundOnlineOnCancellation: event.target.checked })}
      />
      <SettingsSaveButton pending={save.isPending}>{t('recovery.save')}</SettingsSaveButton>
    </form>
  );
}

/**
 * « Récupérations »: when a missed session gives a recovery token (notice of a family cancellation,
 * absences), how long it is valid, which sessions it may take, and what a session cancelled by the club
 * gives its families.
 */
export function RecoverySettingsCard({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('organization-settings');
  const query = useRecoverySettings(organizationId);
  return (
    <SettingsCard
      marker="recovery-card"
      title={t('recovery.title')}
      description={t('recovery.description')}
      errorTitle={t('recovery.error')}
      query={query}
      placeholderClassName="h-40"
    >
      {(saved) => <RecoveryForm organizationId={organizationId} saved={saved} />}
    </SettingsCard>
  );
}
