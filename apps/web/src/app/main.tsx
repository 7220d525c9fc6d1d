import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { currentHost } from '@/lib/organization-host';
import '@/styles/index.css';
import { AppProviders } from './providers';
import { createAppRouter } from './router';
import { handleSessionEnd } from './session-end';

const router = createAppRouter(currentHost().key !== null);
handleSessionEnd(router);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
