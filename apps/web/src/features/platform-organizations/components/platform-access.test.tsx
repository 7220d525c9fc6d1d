import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SYSTEM_ORGANIZATION_ID } from '@inscrio/shared';
import { BillingPage } from '@/features/platform-billing';
import { ContactSupportPage } from '@/features/support';
import { clearSession, startSession } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { fakeApi, json, makeUser, signInResult } from '@/test/fake-api';
import { PlatformOrganizationsListPage } from './organizations-list-page';

const system = { organizationId: SYSTEM_ORGANIZATION_ID };
const SYSTEM_ADMIN = makeUser({
  ...system,
  role: 'admin',
  isSystemAdmin: true,
  email: 'sysadmin@admin.test',
});
const SUPPORT = makeUser({ ...system, role: 'support', email: 'support@admin.test' });
const PARENT = makeUser();

function renderPage(element: ReactElement) {
  const router = createMemoryRouter([{ path: '/', element }], { initialEntries: ['/'] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const ORGANIZATIONS = {
  items: [
    {
      id: 'org_demo',
      key: 'demo',
      name: 'Club Démo',
      isSystem: false,
      state: 'active',
      planKey: 'default-monthly',
      licenceEndsAt: null,
      members: 12,
      confirmedParticipantsThisMonth: 4,
      lastActivityAt: null,
      createdAt: '2026-01-10T09:00:00.000Z',
    },
  ],
  total: 1,
  page: 1,
  pageSize: 20,
};

beforeEach(async () => {
  await i18n.changeLanguage('fr');
});

afterEach(() => {
  clearSession();
});

describe('the platform screens, by who opens them', () => {
  it('shows a parent that the organisations are the platform team’s, without asking the API', async () => {
    const server = fakeApi({});
    startSession(signInResult({ user: PARENT }));
    renderPage(<PlatformOrganizationsListPage />);
    expect(
      await screen.findByText(
        'Les organisations de la plateforme sont réservées à son équipe : administrateurs système et support.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(server.calls).toHaveLength(0);
  });

  it('lets support read the organisations but not create one', async () => {
    fakeApi({ 'GET /api/organizations': () => json(200, ORGANIZATIONS) });
    startSession(signInResult({ user: SUPPORT }));
    renderPage(<PlatformOrganizationsListPage />);
    expect((await screen.findAllByText('Club Démo')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'Nouvelle organisation' })).toBeNull();
  });

  it('offers a system administrator to create an organisation', async () => {
    fakeApi({ 'GET /api/organizations': () => json(200, ORGANIZATIONS) });
    startSession(signInResult({ user: SYSTEM_ADMIN, isSystemAdmin: true }));
    renderPage(<PlatformOrganizationsListPage />);
    expect((await screen.findAllByText('Club Démo')).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: 'Nouvelle organisation' }).length).toBeGreaterThan(0);
  });

  it('keeps the platform billing to system administrators: support sees why', async () => {
    const server = fakeApi({});
    startSession(signInResult({ user: SUPPORT }));
    renderPage(<BillingPage />);
    expect(
      await screen.findByText('La facturation de la plateforme est réservée à ses administrateurs système.'),
    ).toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
  });

  it('tells a club manager that contacting the administration is for administrators', async () => {
    const server = fakeApi({});
    startSession(signInResult({ user: makeUser({ role: 'org-manager', email: 'manager@demo.test' }) }));
    renderPage(<ContactSupportPage />);
    expect(
      await screen.findByText(
        "Contacter l'administration est réservé aux administrateurs des organisations et au support.",
      ),
    ).toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
  });
});
