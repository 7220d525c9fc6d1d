import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { PublicLayout } from '@/components/layouts/public-layout';
import type { PublicOrganization } from '@/lib/api-types';
import { i18n, i18nReady } from '@/lib/i18n';
import { setAddressOrganization } from '@/lib/organization-context';
import { paths } from '@/lib/paths';
import { LoginPage } from '../components/login-page';

// The French texts (the language without a stored choice, in Node) are in before any render.
await i18nReady;

/**
 * The login page at `address` (its path and query: the notices it shows) as the app renders it in
 * French for `organization`. Bundled for Node by the build (apps/web/build-plugins.ts, `loginShell`);
 * the API renders it into login.html for each request to /login, so the form paints with the first
 * response. Synchronous: the module's state (texts, organisation) serves one render at a time.
 */
export function renderLoginPage(organization: PublicOrganization, address: string): string {
  setAddressOrganization(organization);
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={[address]}>
          <Routes>
            <Route element={<PublicLayout />}>
              <Route path={paths.login.pattern} element={<LoginPage />} />
            </Route>
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}
