import { message } from '@inscrio/shared';
import { setSessionEndedHandler } from '@/lib/api-client';
import { currentLocale } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { fullPath, paths, SESSION_EXPIRED } from '@/lib/paths';
import { endSessionLocally } from '@/lib/session';
import type { AppRouter } from './router';

/** Pages anyone may see: a session ending there does not move the visitor. */
const OPEN_PATHS = new Set<string>([
  paths.login.pattern,
  paths.register.pattern,
  paths.forgotPassword.pattern,
  paths.resetPassword.pattern,
  paths.onboarding.pattern,
  paths.discover.pattern,
  paths.organizationError.pattern,
  paths.redirectMessage.pattern,
]);

/**
 * A failed refresh (spec section 8): 'Votre session a expiré' or 'Erreur lors du rafraîchissement de
 * votre session', then sign-out, and the login page when the current screen needs a session. When the
 * navigation guard asked quietly, it sends the user to the login page with its own message.
 */
export function handleSessionEnd(router: AppRouter): void {
  setSessionEndedHandler((reason, { notify: shouldNotify }) => {
    endSessionLocally();
    if (!shouldNotify) return;
    notify.error(message(reason === 'expired' ? 'sessionExpired' : 'sessionRefreshFailed', currentLocale()));
    const { location, navigation, initialized } = router.state;
    // During the first load or a navigation, the guard of the page being opened finds the session
    // ended and sends the user to the login page itself: a second navigation would race it.
    if (!initialized || navigation.state !== 'idle' || OPEN_PATHS.has(location.pathname)) return;
    const target = fullPath(location);
    void router.navigate(
      paths.login.to({
        redirect: target === paths.home.pattern ? undefined : target,
        authError: reason === 'expired' ? SESSION_EXPIRED : undefined,
      }),
      { replace: true },
    );
  });
}
