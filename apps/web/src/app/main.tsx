import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { i18nReady } from '@/lib/i18n';
import { currentHost } from '@/lib/organization-host';
import '@/styles/index.css';
import { AppProviders } from './providers';
import { createAppRouter } from './router';
import { handleSessionEnd } from './session-end';

const router = createAppRouter(currentHost().key !== null);
handleSessionEnd(router);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The router already resolves the first page (organisation, session, screen chunks) while the texts of
// the page's language load; the app mounts once they are in (index.html shows a loader until then).
void i18nReady
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
