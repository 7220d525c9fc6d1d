import { useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';
import { NOTIFICATION_DURATION_MS } from '@/lib/notify';

/** Where notifications appear: 8000 ms each, with a close button (spec section 9). */
export function Notifications() {
  const { t } = useTranslation('common');
  return (
    <Toaster
      position="top-right"
      duration={NOTIFICATION_DURATION_MS}
      closeButton
      richColors
      visibleToasts={4}
      containerAriaLabel={t('notifications.label')}
      toastOptions={{ closeButtonAriaLabel: t('notifications.close'), className: 'font-sans' }}
    />
  );
}
