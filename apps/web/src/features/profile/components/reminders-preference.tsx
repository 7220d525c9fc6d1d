import { useTranslation } from 'react-i18next';
import { CheckboxField } from '@/components/ui/checkbox';
import { notify } from '@/lib/notify';
import { useMailPreferences, useUpdateMailPreferences } from '../api/mail-preferences';

/** « Rappel la veille de chaque séance »: the account's own choice, saved at each change. */
export function RemindersPreference() {
  const { t } = useTranslation('profile');
  const preferences = useMailPreferences();
  const update = useUpdateMailPreferences();
  if (preferences.isError)
    return <p className="py-3 text-sm text-red-700">{t('preferences.remindersError')}</p>;
  return (
    <CheckboxField
      className="py-3"
      label={t('preferences.reminders')}
      hint={t('preferences.remindersHint')}
      checked={preferences.data?.sessionReminders ?? false}
      disabled={preferences.isPending || update.isPending}
      aria-busy={preferences.isPending}
      onChange={(event) =>
        update.mutate(
          { sessionReminders: event.target.checked },
          { onSuccess: () => notify.success(t('preferences.remindersSaved')) },
        )
      }
      data-session-reminders=""
    />
  );
}
