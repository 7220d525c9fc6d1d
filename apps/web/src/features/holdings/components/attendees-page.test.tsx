import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, startSession } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';
import { setAddressOrganization } from '@/lib/organization-context';
import { createQueryClient } from '@/lib/query-client';
import { DEMO, fakeApi, json, makeUser, signInResult } from '@/test/fake-api';
import type { HolderAttendee, HolderAttendees } from '../api/get-attendees';
import { HoldingAttendeesPage } from './attendees-page';

const HOLDER = makeUser({ id: 'usr_holder', isHolder: true, firstName: 'Hugo', lastName: 'Martin' });

const attendee = (overrides: Partial<HolderAttendee>): HolderAttendee => ({
  memberId: 'mem_1',
  displayName: 'Zoé Peeters',
  ageMonths: 8 * 12 + 2,
  sessions: 4,
  pastSessions: 3,
  absences: 1,
  attendanceRate: 67,
  familyPhone: '+32 478 12 34 56',
  familyEmail: 'famille.peeters@demo.test',
  ...overrides,
});

const ZOE = attendee({});
const HUGO = attendee({
  memberId: 'mem_2',
  displayName: 'Hugo Lambert',
  ageMonths: 10 * 12,
  sessions: 2,
  pastSessions: 0,
  absences: 0,
  attendanceRate: null,
  familyPhone: null,
  familyEmail: 'lambert@demo.test',
});

const ANSWER: HolderAttendees = {
  from: '2026-09-01',
  to: '2027-06-30',
  periods: [{ id: 'per_1', name: 'Saison 2026-2027' }],
  items: [HUGO, ZOE],
  sessions: [
    {
      id: 'svc_past',
      activityName: 'Natation',
      startDateTime: '2020-01-08T16:00:00.000Z',
      status: 'confirmed',
      coming: 5,
    },
    {
      id: 'svc_next',
      activityName: 'Natation',
      startDateTime: '2099-01-15T16:00:00.000Z',
      status: 'confirmed',
      coming: 6,
    },
  ],
};

function renderAt(path: string, user = HOLDER) {
  startSession(signInResult({ user, organization: DEMO }));
  setAddressOrganization(DEMO);
  const router = createMemoryRouter([{ path: '/holdings/attendees', element: <HoldingAttendeesPage /> }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(async () => {
  await i18n.changeLanguage('fr');
});
afterEach(() => {
  clearSession();
  setAddressOrganization(null);
  vi.unstubAllGlobals();
});

describe("the holder's attendees", () => {
  it('lists each attendee with age, sessions, attendance rate, absences and the family contact', async () => {
    fakeApi({ 'GET /api/holdings/attendees': () => json(200, ANSWER) });
    renderAt('/holdings/attendees');
    expect(await screen.findByRole('heading', { level: 1, name: 'Participants' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const zoe = rows[1]!;
    expect(within(zoe).getByText('Zoé Peeters')).toBeInTheDocument();
    expect(within(zoe).getByText('8 ans')).toBeInTheDocument();
    expect(within(zoe).getByText('67 % de présence')).toBeInTheDocument();
    expect(within(zoe).getByRole('link', { name: /Appeler la famille de Zoé Peeters/ })).toHaveAttribute(
      'href',
      'tel:+32478123456',
    );
    expect(within(zoe).getByRole('link', { name: /Écrire à la famille de Zoé Peeters/ })).toHaveAttribute(
      'href',
      'mailto:famille.peeters@demo.test',
    );
    // Before the first session, no rate; no phone is said so.
    expect(within(rows[0]!).getByText('Pas encore de séance')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Pas de téléphone')).toBeInTheDocument();
    expect(
      screen.getByText('Période en cours : Saison 2026-2027 (du 01/09/2026 au 30/06/2027)'),
    ).toBeInTheDocument();
    expect(screen.getByText('2 participants')).toBeInTheDocument();
  });

  it('searches by name through the API and says when nothing matches', async () => {
    const api = fakeApi({
      'GET /api/holdings/attendees': (call) => {
        const q = new URL(call.url, 'http://x').searchParams.get('q');
        if (!q) return json(200, ANSWER);
        return json(200, { ...ANSWER, items: q === 'zoé' ? [ZOE] : [] });
      },
    });
    const router = renderAt('/holdings/attendees');
    await screen.findByRole('table');
    const search = screen.getByRole('searchbox', { name: 'Rechercher un participant par nom' });
    await userEvent.type(search, 'zoé');
    await waitFor(() => expect(router.state.location.search).toBe('?q=zo%C3%A9'));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    expect(api.callsTo('GET /api/holdings/attendees').at(-1)?.url).toBe('/api/holdings/attendees?q=zo%C3%A9');
    await userEvent.clear(search);
    await userEvent.type(search, 'xyz');
    expect(await screen.findByText('Aucun participant ne correspond à « xyz »')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Effacer la recherche' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows an error with a retry when the list cannot be loaded', async () => {
    fakeApi({
      'GET /api/holdings/attendees': () =>
        json(403, { statusCode: 403, error: 'forbidden', message: 'Accès refusé.' }),
    });
    renderAt('/holdings/attendees');
    expect(await screen.findByText("Les participants n'ont pas pu être chargés")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Réessayer/ })).toBeInTheDocument();
  });

  it("downloads the chosen session's attendance sheet, the next session by default", async () => {
    const createObjectURL = vi.fn(() => 'blob:sheet');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const api = fakeApi({
      'GET /api/holdings/attendees': () => json(200, ANSWER),
      'GET /api/services/svc_next/attendance-sheet.pdf': () =>
        new Response('%PDF-1.3', {
          status: 200,
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="presences-2099-01-15-Natation.pdf"',
          },
        }),
    });
    renderAt('/holdings/attendees');
    const picker = await screen.findByRole('combobox', { name: 'Séance' });
    expect(picker).toHaveValue('svc_next');
    expect(
      within(picker).getByRole('option', { name: '15/01/2099 17:00 – Natation (6 participants)' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Télécharger la liste (PDF)' }));
    await waitFor(() =>
      expect(api.callsTo('GET /api/services/svc_next/attendance-sheet.pdf')).toHaveLength(1),
    );
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('presences-2099-01-15-Natation.pdf');
    expect(createObjectURL).toHaveBeenCalled();
    click.mockRestore();
  });
});

describe('the attendees page for a manager', () => {
  it("picks a holder and shows that holder's attendees, the choice kept in the address", async () => {
    const api = fakeApi({
      'GET /api/holders': () =>
        json(200, {
          items: [{ id: 'usr_holder', displayName: 'Hugo Martin', email: 'holder@demo.test' }],
          total: 1,
          page: 1,
          pageSize: 50,
        }),
      'GET /api/holdings/attendees': (call) =>
        json(200, call.url.includes('holderId=usr_holder') ? ANSWER : { ...ANSWER, items: [], sessions: [] }),
    });
    const router = renderAt('/holdings/attendees', makeUser({ role: 'org-manager' }));
    const picker = await screen.findByRole('combobox', { name: 'Titulaire' });
    expect(await screen.findByText("Aucun participant pour l'instant")).toBeInTheDocument();
    await waitFor(() =>
      expect(within(picker).getByRole('option', { name: 'Hugo Martin' })).toBeInTheDocument(),
    );
    await userEvent.selectOptions(picker, 'usr_holder');
    expect(await screen.findAllByText('Zoé Peeters')).not.toHaveLength(0);
    expect(router.state.location.search).toBe('?holderId=usr_holder');
    expect(api.callsTo('GET /api/holdings/attendees').at(-1)!.url).toContain('holderId=usr_holder');
  });

  it('shows a holder no picker and never sends a holder id', async () => {
    const api = fakeApi({ 'GET /api/holdings/attendees': () => json(200, ANSWER) });
    renderAt('/holdings/attendees?holderId=usr_other');
    expect(await screen.findAllByText('Zoé Peeters')).not.toHaveLength(0);
    expect(screen.queryByRole('combobox', { name: 'Titulaire' })).toBeNull();
    expect(api.callsTo('GET /api/holdings/attendees')[0]!.url).not.toContain('holderId');
  });
});
