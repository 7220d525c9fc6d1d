import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { loadSonner, NOTIFICATION_DURATION_MS } from '@/lib/notify';

// Not in the page's first JavaScript: the area mounts once its library is in.
const Toaster = lazy(() => loadSonner().then(({ Toaster }) => ({ default: Toaster })));

/** Where notifications appear: 8000 ms each, with a close button (spec section 9). */
export function Notifications() {
  const { t } = useTranslation('common');
  return (
    <Suspense fallback={null}>
      <Toaster
        position="top-right"
        duration={NOTIFICATION_DURATION_MS}
        closeButton
        richColors
        visibleToasts={4}
        containerAriaLabel={t('notifications.label')}
        toastOptions={{ closeButtonAriaLabel: t('notifications.close'), className: 'font-sans' }}
      />
    </Suspense>
  );
}
