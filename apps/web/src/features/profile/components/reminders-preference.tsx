import { useTranslation } from 'react-i18next';
import { CheckboxField } from '@/components/ui/checkbox';
import { notify } from '@/lib/notify';
import { useMailPreferences, useUpdateMailPreferences } from '../api/mail-preferences';

/**
 * The e-mails an account may stop, each saved at its change: « Rappel la veille de chaque séance » and the
 * warning that a recovery token is about to expire.
 */
export function RemindersPreference() {
  const { t } = useTranslation('profile');
  const preferences = useMailPreferences();
  const update = useUpdateMailPreferences();
  if (preferences.isError)
    return <p className="py-3 text-sm text-red-700">{t('preferences.remindersError')}</p>;
  const busy = preferences.isPending || update.isPending;
  const save = (change: { sessionReminders: boolean } | { recoveryReminders: boolean }) =>
    update.mutate(change, { onSuccess: () => notify.success(t('preferences.remindersSaved')) });
  return (
    <>
      <CheckboxField
        className="py-3"
        label={t('preferences.reminders')}
        hint={t('preferences.remindersHint')}
        checked={preferences.data?.sessionReminders ?? false}
        disabled={busy}
        aria-busy={preferences.isPending}
        onChange={(event) => save({ sessionReminders: event.target.checked })}
        data-session-reminders=""
      />
      <CheckboxField
        className="py-3"
        label={t('preferences.recoveryReminders')}
        hint={t('preferences.recoveryRemindersHint')}
        checked={preferences.data?.recoveryReminders ?? false}
        disabled={busy}
        aria-busy={preferences.isPending}
        onChange={(event) => save({ recoveryReminders: event.target.checked })}
        data-recovery-reminders=""
      />
    </>
  );
}
