import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { fakeApi, json } from '@/test/fake-api';
import { RemindersPreference } from './reminders-preference';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

beforeEach(async () => {
  await i18n.changeLanguage('fr');
});
afterEach(() => vi.unstubAllGlobals());

describe('the e-mails one may stop (« Mon profil »)', () => {
  it('turns the warning of a recovery token about to expire off, leaving the session reminders on', async () => {
    const server = fakeApi({
      'GET /api/me/mail-preferences': () => json(200, { sessionReminders: true, recoveryReminders: true }),
      'PATCH /api/me/mail-preferences': () => json(200, { sessionReminders: true, recoveryReminders: false }),
    });
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RemindersPreference />
      </QueryClientProvider>,
    );
    const recovery = await screen.findByRole('checkbox', {
      name: /Être prévenu quand une récupération arrive à expiration/,
    });
    await waitFor(() => expect(recovery).toBeChecked());
    await user.click(recovery);
    await waitFor(() => expect(recovery).not.toBeChecked());
    expect(server.callsTo('PATCH /api/me/mail-preferences').map((c) => c.body)).toEqual([
      { recoveryReminders: false },
    ]);
    expect(screen.getByRole('checkbox', { name: /Recevoir un rappel la veille/ })).toBeChecked();
  });
});
