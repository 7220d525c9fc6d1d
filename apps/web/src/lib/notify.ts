import type * as Sonner from 'sonner';
import { isApiError, notificationText } from './api-error';
import { currentLocale } from './i18n';

/** Notifications last 8000 ms and can be closed (spec section 9). */
export const NOTIFICATION_DURATION_MS = 8000;

/**
 * The notification library loads with the first notification or with the notification area, whichever
 * comes first, not with the page (it keeps a notification raised before the area shows).
 */
let sonner: Promise<typeof Sonner> | undefined;
export const loadSonner = () => (sonner ??= import('sonner'));

function show(kind: 'success' | 'error' | 'info', text: string): void {
  loadSonner().then(
    ({ toast }) => toast[kind](text),
    (error: unknown) => console.error(error),
  );
}

export const notify = {
  success(text: string): void {
    show('success', text);
  },
  error(text: string): void {
    show('error', text);
  },
  info(text: string): void {
    show('info', text);
  },
};

/**
 * Notifies a failed call with the texts of spec section 8. A 401 on a signed-in call is not notified:
 * the API client has already tried a refresh, and notifies its failure itself. A 401 from a sign-in
 * form (wrong password, wrong code) is notified like any other error.
 */
export function notifyError(error: unknown): void {
  // The HTTP status on purpose: any 401 to a call carrying the session's token is the session ending
  // (the client answers one itself, without a body, once the refresh failed), whatever its code.
  if (isApiError(error) && error.status === 401 && error.authenticated) return;
  notify.error(notificationText(error, currentLocale()));
}
