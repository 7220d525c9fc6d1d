import type { OrganizationSettings } from '@inscrio/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import { createQueryClient } from '@/lib/query-client';
import { fakeApi, json } from '@/test/fake-api';
import { OrganizationConfigurationPage } from './organization-configuration-page';
import { DEMO_SETTINGS } from './organization-settings.fixture';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

const ORG: OrganizationSettings = DEMO_SETTINGS;

const PAGE = {
  'GET /api/organizations/org_demo': () => json(200, ORG),
  'GET /api/organizations/org_demo/warnings': () => json(200, []),
  'GET /api/integrations/mollie/oauth/status/org_demo': () =>
    json(200, { status: 'unset', dashboardUrl: null }),
};

function renderStep() {
  const router = createMemoryRouter(
    [{ path: paths.organizationConfiguration.pattern, element: <OrganizationConfigurationPage /> }],
    { initialEntries: ['/configuration/organizations/org_demo?step=communications'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('fr');
  vi.mocked(toast.success).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('the « Communications » step', { timeout: 20_000 }, () => {
  it('is a step of the configuration, and saves the reminder setting: on or off, and its hour', async () => {
    const server = fakeApi({
      ...PAGE,
      'GET /api/session-reminders/settings': () => json(200, { enabled: true, hour: 18 }),
      'PATCH /api/session-reminders/settings': (call) => json(200, call.body),
      'GET /api/communications/settings': () => json(200, { ratePerSecond: 20 }),
    });
    const user = userEvent.setup();
    renderStep();
    expect(await screen.findByRole('link', { name: /Communications/ })).toHaveAttribute(
      'aria-current',
      'step',
    );
    const enabled = await screen.findByLabelText(/Envoyer un rappel la veille de chaque séance/);
    expect(enabled).toBeChecked();
    const hour = screen.getByLabelText('Heure d’envoi (fuseau horaire de l’organisation)');
    expect(hour).toHaveValue('18');
    await user.selectOptions(hour, '07:00');
    const [saveReminders] = screen.getAllByRole('button', { name: 'Enregistrer' });
    await user.click(saveReminders!);
    await vi.waitFor(() =>
      expect(server.callsTo('PATCH /api/session-reminders/settings').map((c) => c.body)).toEqual([
        { enabled: true, hour: 7 },
      ]),
    );
    await vi.waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Les rappels des séances ont été enregistrés.'),
    );

    // Turned off, the hour cannot be chosen, and « off » is what is saved.
    await user.click(enabled);
    expect(hour).toBeDisabled();
    await user.click(saveReminders!);
    await vi.waitFor(() =>
      expect(server.callsTo('PATCH /api/session-reminders/settings').at(-1)?.body).toEqual({
        enabled: false,
        hour: 7,
      }),
    );
  });

  it('checks the sending pace before saving it', async () => {
    const server = fakeApi({
      ...PAGE,
      'GET /api/session-reminders/settings': () => json(200, { enabled: true, hour: 18 }),
      'GET /api/communications/settings': () => json(200, { ratePerSecond: 20 }),
      'PUT /api/communications/settings': (call) => json(200, call.body),
    });
    const user = userEvent.setup();
    renderStep();
    const rate = await screen.findByLabelText('Messages par seconde');
    expect(rate).toHaveValue('20');
    await user.clear(rate);
    await user.type(rate, '0');
    const saveRate = screen.getAllByRole('button', { name: 'Enregistrer' })[1]!;
    await user.click(saveRate);
    expect(rate).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('PUT /api/communications/settings')).toHaveLength(0);
    await user.clear(rate);
    await user.type(rate, '50');
    await user.click(saveRate);
    await vi.waitFor(() =>
      expect(server.callsTo('PUT /api/communications/settings').map((c) => c.body)).toEqual([
        { ratePerSecond: 50 },
      ]),
    );
    expect(rate).not.toHaveAttribute('aria-invalid');
  });

  it('says when a setting cannot be read', async () => {
    fakeApi({
      ...PAGE,
      'GET /api/session-reminders/settings': () => json(403, {}),
      'GET /api/communications/settings': () => json(200, { ratePerSecond: 20 }),
    });
    renderStep();
    expect(await screen.findByText('Impossible de charger les rappels des séances.')).toBeInTheDocument();
    expect(await screen.findByLabelText('Messages par seconde')).toBeInTheDocument();
  });
});
