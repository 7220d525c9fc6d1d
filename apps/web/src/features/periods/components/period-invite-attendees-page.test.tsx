import type { InviteAttendeeCandidate } from '@inscrio/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import { createQueryClient } from '@/lib/query-client';
import { fakeApi, json } from '@/test/fake-api';
import type { Period } from '../api/types';
import { PeriodInviteAttendeesPage } from './period-invite-attendees-page';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

const period = (id: string, name: string, previousPeriodId: string | null = null): Period => ({
  id,
  name,
  establishmentId: 'est_default',
  establishmentName: 'Complexe sportif principal',
  startDate: '2026-09-01',
  endDate: '2026-12-31',
  registrationOpensAt: null,
  previousPeriodId,
  servicesCount: 10,
  registrationsCount: 3,
});
const AUTUMN = period('per_autumn', 'Automne 2026');
const WINTER = period('per_winter', 'Hiver 2027', 'per_autumn');
const OTHER = period('per_other', 'Stage de Pâques');

const ref = (id: string, start: string) => ({
  id,
  blueprintId: 'bp_judo',
  blueprintName: 'Judo',
  colorCode: '#2563EB',
  startDateTime: start,
  duration: 60,
  status: 'confirmed' as const,
});

const candidate = (
  participantId: string,
  firstName: string,
  target: ReturnType<typeof ref> | null,
  alreadyRegistered = false,
): InviteAttendeeCandidate => ({
  participantId,
  member: { id: `mbr_${firstName}`, firstName, lastName: 'Peeters' },
  familyId: 'fam_1',
  service: ref('svc_autumn', '2026-12-02T16:00:00.000Z'),
  target,
  alreadyRegistered,
});

const CANDIDATES = [
  candidate('reg_lea', 'Léa', ref('svc_winter', '2027-01-06T16:00:00.000Z')),
  candidate('reg_tom', 'Tom', null),
  candidate('reg_max', 'Max', ref('svc_winter', '2027-01-06T16:00:00.000Z'), true),
  candidate('reg_zoe', 'Zoé', ref('svc_winter', '2027-01-06T16:00:00.000Z')),
];

function renderPage() {
  const router = createMemoryRouter(
    [{ path: paths.periodInviteAttendees.pattern, element: <PeriodInviteAttendeesPage /> }],
    { initialEntries: ['/periods/per_autumn/invite-attendees'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('fr');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('inviting a period’s attendees to the next one', { timeout: 20_000 }, () => {
  it('targets the period planned next, invites the chosen attendees and reports who was not', async () => {
    const server = fakeApi({
      'GET /api/periods/per_autumn': () => json(200, AUTUMN),
      'GET /api/periods': () =>
        json(200, { items: [OTHER, WINTER, AUTUMN], total: 3, page: 1, pageSize: 100 }),
      'GET /api/periods/per_autumn/invite-attendees': (call) =>
        json(200, {
          periodId: 'per_autumn',
          targetPeriodId: new URL(call.url, 'http://x').searchParams.get('targetPeriodId'),
          items: CANDIDATES,
        }),
      'POST /api/periods/per_autumn/invite-attendees': () =>
        json(200, {
          deadline: '2026-11-25T10:00:00.000Z',
          invited: [],
          skipped: [{ participantId: 'reg_zoe', reason: 'full', message: 'Cette séance est complète.' }],
        }),
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByLabelText('Période cible')).toHaveDisplayValue('Hiver 2027');
    await screen.findAllByRole('checkbox');
    expect(server.callsTo('GET /api/periods/per_autumn/invite-attendees')[0]?.url).toContain(
      'targetPeriodId=per_winter',
    );
    // No matching session, or already there: not selectable.
    expect(screen.getByRole('checkbox', { name: 'Tom Peeters' })).toBeDisabled();
    expect(screen.getByText('Pas de séance correspondante')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Max Peeters' })).toBeDisabled();
    expect(screen.getByText('Déjà inscrit ou invité')).toBeInTheDocument();
    // The eligible attendees are selected once the list has loaded.
    expect(await screen.findByText('2 participants seront invités.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Tout désélectionner' }));
    expect(screen.getByText('Sélectionnez les participants à inviter.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Envoyer les invitations' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Tout sélectionner' }));
    await user.click(screen.getByRole('checkbox', { name: 'Léa Peeters' }));
    expect(screen.getByText('1 participant sera invité.')).toBeInTheDocument();

    // A deadline already past is refused before sending.
    await user.type(screen.getByLabelText('Date'), '2020-01-01');
    expect(screen.getByText("L'échéance doit être dans le futur.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Envoyer les invitations' })).toBeDisabled();
    await user.clear(screen.getByLabelText('Date'));
    await user.type(screen.getByLabelText('Date'), '2099-01-31');
    await user.type(screen.getByLabelText('Heure'), '18:00');
    await user.click(screen.getByRole('button', { name: 'Envoyer les invitations' }));

    const result = await screen.findByText('Invitations envoyées');
    expect(server.callsTo('POST /api/periods/per_autumn/invite-attendees')[0]?.body).toEqual({
      targetPeriodId: 'per_winter',
      participantIds: ['reg_zoe'],
      deadline: '2099-01-31T17:00:00.000Z',
    });
    const card = within(result.closest('[data-invite-result]') as HTMLElement);
    expect(card.getByText('0 participant invité')).toBeInTheDocument();
    expect(card.getByText('1 participant non invité')).toBeInTheDocument();
    expect(card.getByText('Zoé Peeters')).toBeInTheDocument();
    expect(card.getByText('Séance complète')).toBeInTheDocument();
  });

  it('says when there is no other period to invite to', async () => {
    fakeApi({
      'GET /api/periods/per_autumn': () => json(200, AUTUMN),
      'GET /api/periods': () => json(200, { items: [AUTUMN], total: 1, page: 1, pageSize: 100 }),
    });
    renderPage();
    expect(await screen.findByText('Aucune autre période')).toBeInTheDocument();
  });
});
