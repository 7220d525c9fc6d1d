import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { dropLoginShell } from '@/features/auth';
import { i18nReady } from '@/lib/i18n';
import { currentHost } from '@/lib/organization-host';
import { paths } from '@/lib/paths';
import '@/styles/index.css';
import { AppProviders } from './providers';
import { createAppRouter } from './router';
import { handleSessionEnd } from './session-end';

const router = createAppRouter(currentHost().key !== null);
handleSessionEnd(router);
// The login page the server sent (login.html) stays until the app's login form takes it over; when the
// app shows something else at that address (a redirect, an error), that replaces it instead.
const dropShellUnlessLogin = (state: typeof router.state) => {
  const login = state.location.pathname === paths.login.pattern && !state.errors;
  if (state.initialized && state.navigation.state === 'idle' && !login) dropLoginShell();
};
dropShellUnlessLogin(router.state);
router.subscribe(dropShellUnlessLogin);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/**
 * The page's stylesheets, loaded: the login page (login.html) adds the full one by script after its
 * first paint, its own form styled inline until then, and nothing else may show unstyled.
 */
function stylesheetsLoaded(): Promise<unknown> {
  const pending = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter(
    (link) => !link.sheet,
  );
  return Promise.all(
    pending.map(
      (link) =>
        new Promise((settled) => {
          link.addEventListener('load', settled, { once: true });
          link.addEventListener('error', settled, { once: true });
        }),
    ),
  );
}

// The router already resolves the first page (organisation, session, screen chunks) while the texts of
// the page's language load; the app mounts once they are in (index.html shows a loader until then).
void Promise.all([i18nReady, stylesheetsLoaded()])
  .catch((error: unknown) => console.error(error))
  .then(() =>
    createRoot(container).render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    ),
  );
