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
import { CommunicationsPage } from './communications-page';

/*
 * `/communications`: a manager writes from the dashboard (no preset target: the session, period or
 * activity is searched and picked in the form) or from a session (« Écrire aux participants »: preset),
 * sees how many families and people the message reaches, and the API's refusals by field; a family reads
 * its inbox, unread messages marked until opened.
 */

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/communications', element: <CommunicationsPage /> }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const NO_SENT = () => json(200, { items: [], total: 0, page: 1, pageSize: 20 });

const detail = {
  id: 'com_1',
  subject: 'Reprise',
  target: 'activity',
  targetName: 'Natation',
  createdAt: '2026-11-20T10:00:00.000Z',
  sender: 'Gérant Démo',
  progress: { total: 3, queued: 3, sending: 0, sent: 0, failed: 0 },
  families: 2,
  recipients: [],
  attachments: [],
  bodyHtml: '<p>Bonjour</p>',
};

beforeEach(async () => {
  await i18n.changeLanguage('fr');
  setAddressOrganization(DEMO);
});
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('writing to families', { timeout: 20_000 }, () => {
  beforeEach(() =>
    startSession(signInResult({ user: makeUser({ role: 'org-manager' }), organization: DEMO })),
  );

  it('from the dashboard: picks an activity by searching, shows whom it reaches, then sends to it', async () => {
    const server = fakeApi({
      'GET /api/communications': NO_SENT,
      'GET /api/communications/recipients': (call) =>
        call.url.includes('target=everyone')
          ? json(200, { families: 40, people: 70 })
          : json(200, { families: 2, people: 3 }),
      'GET /api/blueprints': (call) =>
        json(200, {
          items: call.url.includes('q=Nat') ? [{ id: 'bp_nat', name: 'Natation' }] : [],
          total: 1,
        }),
      'POST /api/communications': () => json(201, detail),
      'GET /api/communications/com_1': () => json(200, detail),
    });
    const user = userEvent.setup();
    renderAt('/communications?compose=everyone');
    const dialog = await screen.findByRole('dialog', { name: 'Écrire aux familles' });
    expect(await within(dialog).findByText('40 familles, 70 personnes recevront ce message.')).toBeVisible();

    await user.selectOptions(within(dialog).getByLabelText('Destinataires'), 'Participants d’une activité');
    expect(within(dialog).getByText('Choisissez d’abord à qui écrire.')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Envoyer' })).toBeDisabled();
    await user.type(within(dialog).getByRole('searchbox', { name: 'Activité' }), 'Nat');
    await user.click(await within(dialog).findByRole('button', { name: 'Natation' }));
    expect(await within(dialog).findByText('2 familles, 3 personnes recevront ce message.')).toBeVisible();
    expect(server.callsTo('GET /api/communications/recipients').at(-1)?.url).toContain(
      'target=activity&targetId=bp_nat',
    );

    await user.type(within(dialog).getByLabelText('Objet'), 'Reprise');
    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Bonjour');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(server.callsTo('POST /api/communications')).toHaveLength(1));
  });

  it('a period is picked among the periods; « Changer » goes back to the list', async () => {
    fakeApi({
      'GET /api/communications': NO_SENT,
      'GET /api/communications/recipients': () => json(200, { families: 5, people: 9 }),
      'GET /api/periods': () =>
        json(200, {
          items: [
            { id: 'per_aut', name: 'Automne 2026' },
            { id: 'per_hiv', name: 'Hiver 2027' },
          ],
          total: 2,
        }),
    });
    const user = userEvent.setup();
    renderAt('/communications?compose=everyone');
    const dialog = await screen.findByRole('dialog', { name: 'Écrire aux familles' });
    await user.selectOptions(within(dialog).getByLabelText('Destinataires'), 'Participants d’une période');
    await user.type(within(dialog).getByRole('searchbox', { name: 'Période' }), 'hiv');
    expect(within(dialog).queryByRole('button', { name: 'Automne 2026' })).toBeNull();
    await user.click(await within(dialog).findByRole('button', { name: 'Hiver 2027' }));
    expect(await within(dialog).findByText('5 familles, 9 personnes recevront ce message.')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Changer' }));
    expect(within(dialog).getByText('Choisissez d’abord à qui écrire.')).toBeVisible();
  });

  it('from a session: the session is preset and counted; the API’s refusal shows on its field', async () => {
    const server = fakeApi({
      'GET /api/communications': NO_SENT,
      'GET /api/communications/recipients': () => json(200, { families: 12, people: 20 }),
      'POST /api/communications': () =>
        json(400, {
          statusCode: 400,
          error: 'validation_failed',
          message: 'Les données envoyées ne sont pas valides.',
          details: [{ field: 'subjectFr', rule: 'required', message: 'Ce champ est obligatoire' }],
        }),
    });
    const user = userEvent.setup();
    renderAt('/communications?compose=session&targetId=svc_1');
    const dialog = await screen.findByRole('dialog', { name: 'Écrire aux familles' });
    expect(await within(dialog).findByText('12 familles, 20 personnes recevront ce message.')).toBeVisible();
    expect(within(dialog).queryByRole('searchbox')).toBeNull();
    expect(server.callsTo('GET /api/communications/recipients')[0]?.url).toContain(
      'target=session&targetId=svc_1',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(await within(dialog).findByText('Ce champ est obligatoire')).toBeVisible();
    expect(within(dialog).getByText("Le message n'a pas été envoyé")).toBeVisible();
  });
});

describe('the family’s inbox', { timeout: 20_000 }, () => {
  beforeEach(() => startSession(signInResult({ user: makeUser({ role: 'user' }), organization: DEMO })));

  it('marks unread messages until opened; opening one shows it and reads it', async () => {
    let read = false;
    const server = fakeApi({
      'GET /api/communications/inbox': () =>
        json(200, {
          items: [
            {
              id: 'inb_1',
              kind: 'session-reminder',
              subject: 'Rappel : Natation demain',
              createdAt: '2026-11-20T17:00:00.000Z',
              read,
            },
            {
              id: 'inb_2',
              kind: 'communication',
              subject: 'Reprise de la saison',
              createdAt: '2026-11-19T10:00:00.000Z',
              read: true,
            },
          ],
          total: 2,
          unread: read ? 0 : 1,
          page: 1,
          pageSize: 20,
        }),
      'GET /api/communications/inbox/inb_1': () => {
        read = true;
        return json(200, {
          id: 'inb_1',
          kind: 'session-reminder',
          subject: 'Rappel : Natation demain',
          createdAt: '2026-11-20T17:00:00.000Z',
          read: true,
          communicationId: null,
          html: '<p>Léo est inscrit à la séance de demain.</p>',
          attachments: [],
        });
      },
      'GET /api/communications/inbox/unread-count': () => json(200, { unread: read ? 0 : 1 }),
    });
    const user = userEvent.setup();
    renderAt('/communications');
    const [unread] = await screen.findAllByRole('button', {
      name: /^Non lu :\s*Rappel : Natation demain$/,
    });
    expect(screen.getAllByRole('button', { name: 'Reprise de la saison' }).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Rappel de séance').length).toBeGreaterThan(0);
    await user.click(unread!);
    const dialog = await screen.findByRole('dialog', { name: 'Rappel : Natation demain' });
    expect(within(dialog).getByText('Léo est inscrit à la séance de demain.')).toBeVisible();
    expect(server.callsTo('GET /api/communications/inbox/inb_1')).toHaveLength(1);
  });
});
