import type { RecoverySession, RecoveryTokenDto } from '@inscrio/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, startSession } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';
import { setAddressOrganization } from '@/lib/organization-context';
import { paths } from '@/lib/paths';
import { createQueryClient } from '@/lib/query-client';
import { DEMO, fakeApi, json, makeUser, signInResult } from '@/test/fake-api';
import { ConsumeRecoveryTokenPage } from './consume-page';
import { RecoveryTokensPage } from './recovery-tokens-page';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 100 });

function token(overrides: Partial<RecoveryTokenDto> = {}): RecoveryTokenDto {
  return {
    id: 'rcv_1',
    status: 'available',
    origin: 'absence',
    memberId: 'mbr_lea',
    memberFirstName: 'Léa',
    memberLastName: 'Peeters',
    familyId: 'fam_1',
    valueCents: 1200,
    originSession: { serviceId: 'svc_judo', activityName: 'Judo', startDateTime: '2026-10-12T16:00:00.000Z' },
    blueprintId: 'bp_judo',
    createdAt: '2026-10-12T18:00:00.000Z',
    expiresAt: '2027-01-10T18:00:00.000Z',
    usedAt: null,
    usedSession: null,
    note: null,
    cancelReason: null,
    ...overrides,
  };
}

const SWIM: RecoverySession = {
  serviceId: 'svc_swim',
  blueprintId: 'bp_swim',
  activityName: 'Natation',
  colorCode: '#0EA5E9',
  startDateTime: '2026-12-02T15:00:00.000Z',
  duration: 45,
  freeSeats: 3,
};

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: paths.recoveryTokens.pattern, element: <RecoveryTokensPage /> },
      { path: paths.recoveryTokenConsume.pattern, element: <ConsumeRecoveryTokenPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(async () => {
  // The dates of the tokens below are this year's: a session of another year shows its year.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-27T10:00:00Z') });
  await i18n.changeLanguage('fr');
  setAddressOrganization(DEMO);
});

afterEach(() => {
  vi.useRealTimers();
  clearSession();
  setAddressOrganization(null);
  vi.unstubAllGlobals();
});

describe('« Récupérations » for a family', { timeout: 20_000 }, () => {
  beforeEach(() => startSession(signInResult({ user: makeUser({ role: 'user' }), organization: DEMO })));

  it('groups the tokens per member, says where each comes from, its value and expiry, and offers « Utiliser » on available ones', async () => {
    fakeApi({
      'GET /api/recovery-tokens': () =>
        json(
          200,
          page([
            token(),
            token({
              id: 'rcv_2',
              memberId: 'mbr_tom',
              memberFirstName: 'Tom',
              status: 'expired',
              valueCents: 0,
            }),
            token({
              id: 'rcv_4',
              originSession: {
                serviceId: 'svc_gala',
                activityName: 'Gala',
                startDateTime: '2027-01-08T17:00:00.000Z',
              },
            }),
            token({
              id: 'rcv_3',
              status: 'used',
              usedSession: {
                serviceId: 'svc_swim',
                activityName: 'Natation',
                startDateTime: SWIM.startDateTime,
              },
            }),
          ]),
        ),
    });
    renderAt('/recovery-tokens');
    const lea = await screen.findByRole('region', { name: 'Léa Peeters' });
    const cards = within(lea).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(within(cards[0]!).getByText('Disponible')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Absence au Judo du lun. 12/10')).toBeInTheDocument();
    expect(within(cards[0]!).getByText(/12,00/)).toBeInTheDocument();
    expect(within(cards[0]!).getByText("Valable jusqu'au 10/01/2027")).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('link', { name: 'Utiliser' })).toHaveAttribute(
      'href',
      '/recovery-tokens/rcv_1/consume',
    );
    // Next year's session says its year.
    expect(within(cards[1]!).getByText('Absence au Gala du ven. 08/01/2027')).toBeInTheDocument();
    expect(within(cards[2]!).getByText('Utilisée pour Natation du mer. 02/12 16:00')).toBeInTheDocument();
    expect(within(cards[2]!).queryByRole('link', { name: 'Utiliser' })).toBeNull();
    const tom = screen.getByRole('region', { name: 'Tom Peeters' });
    expect(within(tom).getByText('Expirée')).toBeInTheDocument();
    expect(within(tom).getByText('Sans montant')).toBeInTheDocument();
  });

  it('says when there is no token yet', async () => {
    fakeApi({ 'GET /api/recovery-tokens': () => json(200, page([])) });
    renderAt('/recovery-tokens');
    expect(await screen.findByText('Aucune récupération')).toBeInTheDocument();
  });

  it('uses a token on a session it may take, then goes back to the list', async () => {
    const api = fakeApi({
      'GET /api/recovery-tokens/rcv_1/sessions': () => json(200, [SWIM]),
      'POST /api/recovery-tokens/rcv_1/consume': () =>
        json(200, { token: token({ status: 'used' }), participantId: 'reg_new' }),
      'GET /api/recovery-tokens': () => json(200, page([token({ status: 'used' })])),
      'GET /api/recovery-tokens/rcv_1': () => json(200, token()),
    });
    const router = renderAt('/recovery-tokens/rcv_1/consume');
    const session = await screen.findByRole('button', { name: 'Choisir Natation du mer. 02/12 16:00' });
    // Whose token it is and what it makes up for.
    expect(await screen.findByText('Pour Léa')).toBeInTheDocument();
    expect(
      screen.getByText(/Absence au Judo du lun\. 12\/10 · Valable jusqu'au 10\/01\/2027/),
    ).toBeInTheDocument();
    expect(screen.getByText('3 places libres')).toBeInTheDocument();
    await userEvent.click(session);
    const dialog = await screen.findByRole('dialog', { name: 'Confirmer la récupération' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/recovery-tokens'));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ serviceId: 'svc_swim' });
  });

  it('says when no session fits', async () => {
    fakeApi({ 'GET /api/recovery-tokens/rcv_1/sessions': () => json(200, []) });
    renderAt('/recovery-tokens/rcv_1/consume');
    expect(await screen.findByText('Aucune séance disponible')).toBeInTheDocument();
  });
});

describe('« Récupérations » for managers', { timeout: 20_000 }, () => {
  beforeEach(() =>
    startSession(signInResult({ user: makeUser({ role: 'org-manager' }), organization: DEMO })),
  );

  it('lists every token with filters sent to the API, and cancels one with its reason', async () => {
    const api = fakeApi({
      'GET /api/recovery-tokens': () => json(200, { ...page([token()]), pageSize: 20 }),
      'GET /api/blueprints': () => json(200, page([{ id: 'bp_judo', name: 'Judo' }])),
      'POST /api/recovery-tokens/rcv_1/cancel': () => json(200, token({ status: 'cancelled' })),
    });
    renderAt('/recovery-tokens?status=available');
    await screen.findAllByText('Absence au Judo du lun. 12/10');
    expect(api.calls.find((c) => c.path === '/api/recovery-tokens')?.url).toContain('status=available');
    await userEvent.click(
      screen.getAllByRole('button', { name: 'Annuler la récupération de Léa Peeters' })[0]!,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Annuler la récupération' });
    await userEvent.type(within(dialog).getByLabelText('Motif'), 'Erreur de saisie');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'Erreur de saisie' }),
    );
  });

  it('issues a token by hand: the family searched, its member chosen, the value in euros and a note', async () => {
    const api = fakeApi({
      'GET /api/recovery-tokens': () => json(200, { ...page([]), pageSize: 20 }),
      'GET /api/blueprints': () => json(200, page([{ id: 'bp_judo', name: 'Judo' }])),
      'GET /api/members': () =>
        json(
          200,
          page([
            {
              userId: 'usr_claire',
              memberId: 'mbr_claire',
              displayName: 'Claire Peeters',
              email: 'claire@example.be',
            },
          ]),
        ),
      'GET /api/members/usr_claire': () =>
        json(200, {
          memberId: 'mbr_claire',
          displayName: 'Claire Peeters',
          family: [{ id: 'mbr_lea', displayName: 'Léa Peeters' }],
        }),
      'POST /api/recovery-tokens': () => json(200, token({ origin: 'manual' })),
    });
    renderAt('/recovery-tokens');
    await userEvent.click(await screen.findByRole('button', { name: 'Émettre une récupération' }));
    const dialog = await screen.findByRole('dialog', { name: 'Émettre une récupération' });
    await userEvent.type(within(dialog).getByLabelText('Famille (nom ou e-mail)'), 'Peeters');
    await userEvent.click(await within(dialog).findByText('Claire Peeters'));
    await userEvent.selectOptions(await within(dialog).findByLabelText('Membre'), 'mbr_lea');
    await userEvent.type(within(dialog).getByLabelText('Valeur (€)'), '12,50');
    await userEvent.type(within(dialog).getByLabelText('Note'), 'Stage annulé');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Émettre' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
        memberId: 'mbr_lea',
        valueCents: 1250,
        note: 'Stage annulé',
      }),
    );
  });
});
