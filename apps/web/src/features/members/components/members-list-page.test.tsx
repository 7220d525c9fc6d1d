import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, startSession } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import { createQueryClient } from '@/lib/query-client';
import { fakeApi, json, makeUser, signInResult } from '@/test/fake-api';
import { ESTABLISHMENTS, listItem, page } from '../testing/fixtures';
import { MembersListPage } from './members-list-page';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

const ITEMS = [
  listItem({ lastLoginAt: null }),
  listItem({
    userId: 'usr_holder',
    memberId: 'mbr_holder',
    displayName: 'Hugo Martin',
    email: 'holder@demo.test',
    isHolder: true,
    familySize: 1,
    lastLoginAt: '2026-11-20T16:05:00.000Z',
  }),
];

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: paths.membersAll.pattern, element: <MembersListPage kind="all" /> },
      { path: paths.holders.pattern, element: <MembersListPage kind="holders" /> },
      { path: paths.participant.pattern, element: <p>Fiche participant</p> },
      { path: paths.holder.pattern, element: <p>Fiche titulaire</p> },
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

const listCalls = (server: ReturnType<typeof fakeApi>) =>
  server.callsTo('GET /api/members').map((call) => new URL(call.url, 'http://x').searchParams);

beforeEach(async () => {
  await i18n.changeLanguage('fr');
  clearSession();
  startSession(signInResult({ user: makeUser({ role: 'org-manager', email: 'manager@demo.test' }) }));
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.info).mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the members list', () => {
  it('shows each account with its role, holder badge, family size and last sign-in (or Jamais)', async () => {
    fakeApi({
      'GET /api/members': () => json(200, page(ITEMS)),
      'GET /api/establishments': () => json(200, ESTABLISHMENTS),
    });
    renderAt('/members/all');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Claire Peeters')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('parent@demo.test')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Jamais')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Utilisateur basique')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Titulaire')).toBeInTheDocument();
    // 16:05 UTC is 17:05 in Brussels.
    expect(within(rows[1]!).getByText('20/11/2026 17:05')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link', { name: 'Hugo Martin' })).toHaveAttribute(
      'href',
      '/members/holders/usr_holder',
    );
    expect(within(rows[0]!).getByRole('link', { name: 'Claire Peeters' })).toHaveAttribute(
      'href',
      '/members/participants/usr_parent',
    );
    expect(screen.getByText('2 membres · page 1 sur 1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nouveau membre' })).toHaveAttribute('href', '/members/create');
  });

  it('searches once typing pauses, filters, sorts by a column and pages through', async () => {
    const server = fakeApi({
      'GET /api/members': (call) =>
        json(
          200,
          page(ITEMS, { total: 45, page: Number(new URL(call.url, 'http://x').searchParams.get('page')) }),
        ),
      'GET /api/establishments': () => json(200, ESTABLISHMENTS),
    });
    const user = userEvent.setup();
    const router = renderAt('/members/all');
    await screen.findByRole('table');
    expect(listCalls(server)[0]?.toString()).toBe('kind=all&sort=name&order=asc&page=1&pageSize=20');

    await user.type(screen.getByLabelText('Rechercher par nom ou e-mail'), 'parent');
    await waitFor(() => expect(router.state.location.search).toBe('?q=parent'));
    // One request for the whole word, not one per key.
    await waitFor(() => expect(listCalls(server).at(-1)?.get('q')).toBe('parent'));
    expect(listCalls(server).filter((params) => params.has('q'))).toHaveLength(1);

    await user.selectOptions(screen.getByLabelText('Établissement'), 'est_piscine');
    await user.selectOptions(screen.getByLabelText('Rôle'), 'est-manager');
    await waitFor(() => expect(listCalls(server).at(-1)?.get('role')).toBe('est-manager'));
    expect(listCalls(server).at(-1)?.get('establishmentId')).toBe('est_piscine');

    await user.click(screen.getByRole('button', { name: /Dernière connexion/ }));
    await waitFor(() => expect(listCalls(server).at(-1)?.get('sort')).toBe('lastLoginAt'));
    expect(listCalls(server).at(-1)?.get('order')).toBe('desc');
    expect(screen.getByRole('columnheader', { name: /Dernière connexion/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await user.click(screen.getByRole('button', { name: /Dernière connexion/ }));
    await waitFor(() => expect(listCalls(server).at(-1)?.get('order')).toBe('asc'));

    await screen.findByText('45 membres · page 1 sur 3');
    await user.click(screen.getByRole('button', { name: 'Page suivante' }));
    await waitFor(() => expect(listCalls(server).at(-1)?.get('page')).toBe('2'));
    expect(router.state.location.search).toContain('page=2');
  });

  it('leaves the role filter out of the participants and holders lists', async () => {
    const server = fakeApi({
      'GET /api/members': () => json(200, page([ITEMS[1]!])),
      'GET /api/establishments': () => json(200, ESTABLISHMENTS),
    });
    renderAt('/members/holders?role=admin');
    await screen.findByRole('table');
    expect(screen.queryByLabelText('Rôle')).toBeNull();
    expect(listCalls(server)[0]?.get('kind')).toBe('holders');
    expect(listCalls(server)[0]?.has('role')).toBe(false);
    expect(screen.getByRole('link', { name: 'Titulaires' })).toHaveAttribute('aria-current', 'page');
  });

  it('says when nothing matches and clears the filters', async () => {
    fakeApi({
      'GET /api/members': (call) =>
        json(200, page(new URL(call.url, 'http://x').searchParams.has('q') ? [] : ITEMS)),
      'GET /api/establishments': () => json(200, ESTABLISHMENTS),
    });
    const user = userEvent.setup();
    renderAt('/members/all?q=zzz');
    expect(await screen.findByText('Aucun membre ne correspond à ces critères')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Effacer les filtres' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.getByLabelText('Rechercher par nom ou e-mail')).toHaveValue('');
  });

  it('shows an empty list and a failed load', async () => {
    fakeApi({
      'GET /api/members': () => json(200, page([])),
      'GET /api/establishments': () => json(200, ESTABLISHMENTS),
    });
    renderAt('/members/holders');
    expect(await screen.findByText("Aucun titulaire pour l'instant")).toBeInTheDocument();

    vi.unstubAllGlobals();
    fakeApi({
      'GET /api/members': () => json(500, { statusCode: 500, error: 'internal' }),
      'GET /api/establishments': () => json(200, ESTABLISHMENTS),
    });
    renderAt('/members/all');
    expect(
      await screen.findByText('Erreur interne du serveur.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  it('exports the list with the same filters as a CSV file', async () => {
    const csv = '\uFEFFPrénom;Nom;E-mail\r\nClaire;Peeters;parent@demo.test\r\n';
    const server = fakeApi({
      'GET /api/members': () => json(200, page(ITEMS)),
      'GET /api/establishments': () => json(200, ESTABLISHMENTS),
      'GET /api/members/export.csv': () =>
        new Response(csv, {
          status: 200,
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="membres-2026-11-22.csv"',
          },
        }),
    });
    const created: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:members';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicks: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this.download);
    });
    const user = userEvent.setup();
    renderAt('/members/all?q=peeters&role=user&sort=email&order=desc');
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Exporter en CSV' }));
    await waitFor(() => expect(clicks).toEqual(['membres-2026-11-22.csv']));
    const [exportCall] = server.callsTo('GET /api/members/export.csv');
    expect(new URL(exportCall!.url, 'http://x').searchParams.toString()).toBe(
      'kind=all&q=peeters&role=user&sort=email&order=desc',
    );
    expect(exportCall!.headers.authorization).toMatch(/^Bearer /);
    expect(await created[0]!.text()).toContain('Prénom;Nom;E-mail');
    expect(toast.success).toHaveBeenCalledWith("L'export CSV des membres a été téléchargé.");
    click.mockRestore();
  });
});
