import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearSession, startSession } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';
import { setAddressOrganization } from '@/lib/organization-context';
import { createQueryClient } from '@/lib/query-client';
import { DEMO, fakeApi, json, makeUser, signInResult } from '@/test/fake-api';
import { catalogDetail } from '../testing/fixtures';
import { CatalogBlueprintPage } from './catalog-blueprint-page';

/** `POST /registrations/request-groups` as the API answers it: every (session, member) asked is filed. */
const filed = (call: { body: unknown }) => {
  const body = call.body as { serviceIds: string[]; memberIds: string[] };
  return json(201, {
    requests: body.memberIds.flatMap((memberId) =>
      body.serviceIds.map((serviceId) => ({
        id: `reg_${serviceId}_${memberId}`,
        service: { id: serviceId },
        member: { id: memberId },
      })),
    ),
    refused: [],
  });
};

function renderDetail(id = 'bp_dance') {
  const router = createMemoryRouter(
    [{ path: '/catalog/blueprints/:id', element: <CatalogBlueprintPage /> }],
    {
      initialEntries: [`/catalog/blueprints/${id}`],
    },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('fr');
  startSession(signInResult({ user: makeUser(), organization: DEMO }));
  setAddressOrganization(DEMO);
});

afterEach(() => {
  clearSession();
  setAddressOrganization(null);
});

describe("an activity's page", () => {
  it('shows its details, supplements and sessions, and says registration opens soon', async () => {
    fakeApi({ 'GET /api/catalog/blueprints/bp_dance': () => json(200, catalogDetail()) });
    renderDetail();
    expect(await screen.findByRole('heading', { level: 1, name: 'Danse moderne' })).toBeInTheDocument();
    expect(screen.getByText('dès 9,00 €')).toBeInTheDocument();
    expect(screen.getByText('Salle de danse')).toBeInTheDocument();
    expect(screen.getByText('0 %')).toBeInTheDocument();

    expect(screen.getByText('Les inscriptions ouvrent bientôt.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: "S'inscrire" })).toBeDisabled();

    const supplements = screen.getByText('Costume du spectacle').closest('ul') as HTMLElement;
    expect(within(supplements).getByText('+ 25,00 €')).toBeInTheDocument();
    // How often each is charged (both once per period here).
    expect(within(supplements).getAllByText('Une fois par période')).toHaveLength(2);
    expect(within(supplements).getByText('Pour tous les âges')).toBeInTheDocument();
    expect(within(supplements).getByText('Entre 6 ans et 8 ans')).toBeInTheDocument();

    const sessions = document.querySelectorAll<HTMLElement>('[data-session]');
    expect(sessions).toHaveLength(3);
    const [confirmed, postponed, cancelled] = [...sessions] as [HTMLElement, HTMLElement, HTMLElement];
    // In the organisation's time zone: 16:00 UTC is 17:00 in Brussels.
    expect(within(confirmed).getAllByText('17:00 – 18:00', { exact: false })).not.toHaveLength(0);
    expect(within(confirmed).getByText('Confirmée')).toBeInTheDocument();
    expect(within(confirmed).getByText('12 places libres')).toBeInTheDocument();
    expect(within(postponed).getByText('Reportée')).toBeInTheDocument();
    expect(within(postponed).getByText('Complet')).toBeInTheDocument();
    expect(
      within(postponed).getByText('Reportée : initialement prévue le 01/12/2026 17:00'),
    ).toBeInTheDocument();
    expect(within(cancelled).getByText('Annulée')).toBeInTheDocument();
  });

  it("shows 'En ligne' for an online activity and 'Illimité' for unlimited seats", async () => {
    const detail = catalogDetail({ locationType: 'online', location: null });
    detail.sessions = [
      { ...detail.sessions[0]!, seats: { maxSeats: -1, reservedSeats: 4, freeSeats: -1, fillingRate: 0 } },
    ];
    fakeApi({ 'GET /api/catalog/blueprints/bp_dance': () => json(200, detail) });
    renderDetail();
    expect(await screen.findByText('En ligne')).toBeInTheDocument();
    expect(
      within(document.querySelector('[data-session]') as HTMLElement).getByText('Illimité'),
    ).toBeInTheDocument();
  });

  it('says the activity cannot be found, without a pointless retry', async () => {
    fakeApi({});
    renderDetail('nope');
    expect(await screen.findByText('Les données fournies sont introuvables.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Réessayer' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Retour au catalogue' })).toHaveAttribute('href', '/catalog');
  });
});

describe('registering from an activity page', { timeout: 20_000 }, () => {
  const lea = { id: 'mbr_lea', firstName: 'Léa', lastName: 'Peeters', birthdate: '2016-03-14' };
  const tom = { id: 'mbr_tom', firstName: 'Tom', lastName: 'Peeters', birthdate: '2019-11-02' };

  function openDetail() {
    const detail = catalogDetail({ registration: { open: true, message: null, opensAt: null } });
    // Sessions to come (the fixture's are in November 2026): one period of two, and a full one.
    const soon = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
    const seats = { maxSeats: 15, reservedSeats: 3, freeSeats: 12, fillingRate: 20 };
    detail.sessions = [
      { ...detail.sessions[0]!, id: 'svc_a', startDateTime: soon(3), periodId: 'per_1', seats },
      { ...detail.sessions[0]!, id: 'svc_b', startDateTime: soon(10), periodId: 'per_1', seats },
      {
        ...detail.sessions[0]!,
        id: 'svc_full',
        startDateTime: soon(17),
        periodId: 'per_1',
        seats: { ...seats, reservedSeats: 15, freeSeats: 0, fillingRate: 100 },
      },
    ];
    return detail;
  }

  function cartItem(memberId: string, serviceId: string) {
    const member = memberId === lea.id ? lea : tom;
    return {
      participantId: `reg_${memberId}_${serviceId}`,
      member: { id: member.id, firstName: member.firstName, lastName: member.lastName },
      service: {
        id: serviceId,
        blueprintId: 'bp_dance',
        blueprintName: 'Danse moderne',
        colorCode: '#DB2777',
        startDateTime: '2026-11-24T16:00:00.000Z',
        duration: 60,
        status: 'confirmed' as const,
      },
      unitPrice: 900,
      supplements: [],
      taxPercentage: 0,
      totalAmount: 900,
      taxAmount: 0,
      holdExpiresAt: new Date(Date.now() + 20 * 60_000).toISOString(),
    };
  }

  function routes(extra: Record<string, Parameters<typeof fakeApi>[0][string]> = {}) {
    return fakeApi({
      'GET /api/catalog/blueprints/bp_dance': () => json(200, openDetail()),
      'GET /api/me/delegated': () => json(200, { items: [lea, tom], total: 2, page: 1, pageSize: 100 }),
      'GET /api/catalog/periods': () =>
        json(200, [
          {
            id: 'per_1',
            name: 'Automne',
            establishmentId: 'est_default',
            startDate: '2026-09-01',
            endDate: '2026-12-31',
          },
        ]),
      ...extra,
    });
  }

  it(
    'adds the chosen sessions for the chosen members, and shows each refusal with what may be asked',
    { timeout: 30_000 },
    async () => {
      const api = routes({
        'POST /api/cart/items': () => {
          const added = [cartItem(lea.id, 'svc_a'), cartItem(lea.id, 'svc_b')];
          return json(200, {
            added,
            refused: ['svc_a', 'svc_b'].map((serviceId) => ({
              serviceId,
              memberId: tom.id,
              reason: 'too-young',
              message: "Tom n'a pas l'âge requis pour cette activité (entre 8 ans et 14 ans).",
              canRequest: 'age',
            })),
            cart: {
              items: added,
              totalAmount: 1800,
              taxAmount: 0,
              holdExpiresAt: added[0]!.holdExpiresAt,
              paymentProviders: ['offline'],
            },
          });
        },
        'POST /api/registrations/request-groups': filed,
      });
      renderDetail();
      const card = (
        await screen.findByText(
          'Choisissez les séances, puis les membres de votre famille qui y participent.',
        )
      ).closest('[data-register]') as HTMLElement;

      // Nothing chosen: the form says what is missing and sends nothing.
      await userEvent.click(within(card).getByRole('button', { name: 'Ajouter au panier' }));
      expect(within(card).getByText('Choisissez au moins une séance.')).toBeInTheDocument();
      expect(within(card).getByText('Choisissez au moins un participant.')).toBeInTheDocument();
      expect(api.callsTo('POST /api/cart/items')).toHaveLength(0);

      // The members with their age; the full session says so and offers its waiting list.
      expect(await within(card).findByText('10 ans')).toBeInTheDocument();
      expect(within(card).getByText('7 ans')).toBeInTheDocument();
      const full = card.querySelector('[data-register-session="svc_full"]') as HTMLElement;
      expect(within(full).getByText('Complet')).toBeInTheDocument();
      expect(within(full).getByRole('checkbox')).toBeDisabled();
      expect(within(full).getByRole('button', { name: "Rejoindre la liste d'attente" })).toBeInTheDocument();
      expect(within(card).getByText('Automne')).toBeInTheDocument();

      await userEvent.click(within(card).getByLabelText('Toutes les séances de la période'));
      await userEvent.click(within(card).getByRole('checkbox', { name: /Léa Peeters/ }));
      await userEvent.click(within(card).getByRole('checkbox', { name: /Tom Peeters/ }));
      await userEvent.click(within(card).getByRole('checkbox', { name: /Costume du spectacle/ }));
      await userEvent.click(within(card).getByRole('button', { name: 'Ajouter au panier' }));

      expect(await within(card).findByText('2 inscriptions ajoutées au panier')).toBeInTheDocument();
      expect(api.callsTo('POST /api/cart/items')[0]?.body).toEqual({
        blueprintId: 'bp_dance',
        periodId: 'per_1',
        memberIds: ['mbr_lea', 'mbr_tom'],
        supplementIds: ['sup_1'],
      });
      const refusals = card.querySelectorAll<HTMLElement>('[data-refusal="too-young"]');
      expect(refusals).toHaveLength(2);
      expect(refusals[0]).toHaveTextContent(
        "Tom n'a pas l'âge requis pour cette activité (entre 8 ans et 14 ans).",
      );

      // Asking for an exception: a note, then the request waits 'A traiter'.
      await userEvent.click(
        within(refusals[0]!).getByRole('button', { name: "Demander une dérogation d'âge" }),
      );
      const dialog = await screen.findByRole('dialog', { name: "Demander une dérogation d'âge" });
      await userEvent.type(
        within(dialog).getByLabelText('Message au club (facultatif)'),
        'Il a presque 8 ans.',
      );
      await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer la demande' }));
      expect(await within(dialog).findByText('Demande envoyée')).toBeInTheDocument();
      expect(dialog).toHaveTextContent('« A traiter »');
      expect(api.callsTo('POST /api/registrations/request-groups')[0]?.body).toEqual({
        serviceIds: ['svc_a'],
        memberIds: ['mbr_tom'],
        reason: 'age',
        note: 'Il a presque 8 ans.',
        // The costume ticked on the card goes with the request (kept once accepted).
        supplementIds: ['sup_1'],
      });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Terminé' }));
      expect(within(refusals[0]!).getByText('Demande envoyée au club')).toBeInTheDocument();
      expect(within(refusals[0]!).getByText('A traiter')).toBeInTheDocument();
      // The other refusal may still be asked for.
      expect(
        within(refusals[1]!).getByRole('button', { name: "Demander une dérogation d'âge" }),
      ).toBeInTheDocument();
    },
  );

  it(
    'marks a child outside the age range beside their name, and asks the club for an exception from there',
    { timeout: 30_000 },
    async () => {
      // 14 years and 2 months: still in « entre 8 ans et 14 ans » (the 14th year is included).
      const now = new Date();
      const zoe = {
        id: 'mbr_zoe',
        firstName: 'Zoé',
        lastName: 'Peeters',
        gender: 'F',
        birthdate: new Date(Date.UTC(now.getUTCFullYear() - 14, now.getUTCMonth() - 2, 1))
          .toISOString()
          .slice(0, 10),
      };
      const api = routes({
        'GET /api/me/delegated': () =>
          json(200, { items: [lea, tom, zoe], total: 3, page: 1, pageSize: 100 }),
        'POST /api/registrations/request-groups': filed,
      });
      renderDetail();
      const card = (
        await screen.findByText(
          'Choisissez les séances, puis les membres de votre famille qui y participent.',
        )
      ).closest('[data-register]') as HTMLElement;

      const option = (id: string) => card.querySelector(`[data-member-option="${id}"]`) as HTMLElement;
      // Tom (7 years) is marked before anything is sent; Léa (10) and Zoé (14) fit.
      expect(await within(card).findByText('Trop jeune (7 ans)')).toBeInTheDocument();
      expect(option(tom.id).querySelector('[data-age-fit="too-young"]')).not.toBeNull();
      expect(option(lea.id).querySelector('[data-age-fit]')).toBeNull();
      expect(option(zoe.id).querySelector('[data-age-fit]')).toBeNull();
      expect(
        within(option(tom.id)).getByText(
          'Choisissez les séances : vous pourrez demander une dérogation au club.',
        ),
      ).toBeInTheDocument();

      // He can still be ticked; with two sessions chosen, the exception is asked for both at once.
      await userEvent.click(within(card).getByRole('checkbox', { name: /Tom Peeters/ }));
      for (const id of ['svc_a', 'svc_b']) {
        const session = card.querySelector(`[data-register-session="${id}"]`) as HTMLElement;
        await userEvent.click(within(session).getByRole('checkbox'));
      }
      await userEvent.click(
        within(option(tom.id)).getByRole('button', { name: "Demander une dérogation d'âge" }),
      );
      const dialog = await screen.findByRole('dialog', { name: "Demander une dérogation d'âge" });
      expect(dialog).toHaveTextContent(
        "Le club examinera votre demande pour les 2 séances où l'âge ne correspond pas",
      );
      await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer la demande' }));
      expect(await within(dialog).findByText('Demande envoyée')).toBeInTheDocument();
      // One request for both sessions, not one per session.
      expect(api.callsTo('POST /api/registrations/request-groups').map((call) => call.body)).toEqual([
        { serviceIds: ['svc_a', 'svc_b'], memberIds: ['mbr_tom'], reason: 'age' },
      ]);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Terminé' }));
      expect(within(option(tom.id)).getByText('Demande envoyée au club')).toBeInTheDocument();
      expect(api.callsTo('POST /api/cart/items')).toHaveLength(0);
    },
  );

  it('names the sessions a request could not cover, the others being sent', { timeout: 30_000 }, async () => {
    routes({
      'GET /api/me/delegated': () => json(200, { items: [lea, tom], total: 2, page: 1, pageSize: 100 }),
      'POST /api/registrations/request-groups': () =>
        json(201, {
          requests: [{ id: 'reg_a', service: { id: 'svc_a' }, member: { id: 'mbr_tom' } }],
          refused: [
            {
              serviceId: 'svc_b',
              memberId: 'mbr_tom',
              reason: 'already-registered',
              message: 'Une demande pour Tom est déjà en attente pour cette séance.',
            },
          ],
        }),
    });
    renderDetail();
    const card = (
      await screen.findByText('Choisissez les séances, puis les membres de votre famille qui y participent.')
    ).closest('[data-register]') as HTMLElement;
    await userEvent.click(await within(card).findByRole('checkbox', { name: /Tom Peeters/ }));
    for (const id of ['svc_a', 'svc_b']) {
      const session = card.querySelector(`[data-register-session="${id}"]`) as HTMLElement;
      await userEvent.click(within(session).getByRole('checkbox'));
    }
    const option = card.querySelector('[data-member-option="mbr_tom"]') as HTMLElement;
    await userEvent.click(within(option).getByRole('button', { name: "Demander une dérogation d'âge" }));
    const dialog = await screen.findByRole('dialog', { name: "Demander une dérogation d'âge" });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer la demande' }));
    expect(await within(dialog).findByText('Demande envoyée')).toBeInTheDocument();
    expect(within(dialog).getByText('Séances non demandées')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Une demande pour Tom est déjà en attente pour cette séance.'),
    ).toBeInTheDocument();
  });

  it('offers the waiting list of a full session and the private activity request', async () => {
    const api = routes({
      'POST /api/cart/items': () =>
        json(200, {
          added: [],
          refused: [
            {
              serviceId: 'svc_a',
              memberId: lea.id,
              reason: 'self-registration-closed',
              message: "Cette activité n'accepte pas d'inscription directe.",
              canRequest: 'visibility',
            },
          ],
          cart: { items: [], totalAmount: 0, taxAmount: 0, holdExpiresAt: null, paymentProviders: [] },
        }),
      'POST /api/registrations/request-groups': filed,
    });
    renderDetail();
    const card = (
      await screen.findByText('Choisissez les séances, puis les membres de votre famille qui y participent.')
    ).closest('[data-register]') as HTMLElement;

    await userEvent.click(await within(card).findByRole('checkbox', { name: /Léa Peeters/ }));
    await userEvent.click(within(card).getByRole('button', { name: "Rejoindre la liste d'attente" }));
    const waiting = await screen.findByRole('dialog', { name: "Rejoindre la liste d'attente" });
    await userEvent.click(within(waiting).getByRole('button', { name: 'Envoyer la demande' }));
    expect(await within(waiting).findByText('Demande envoyée')).toBeInTheDocument();
    expect(api.callsTo('POST /api/registrations/request-groups')[0]?.body).toEqual({
      serviceIds: ['svc_full'],
      memberIds: ['mbr_lea'],
      reason: 'waiting-list',
    });
    await userEvent.click(within(waiting).getByRole('button', { name: 'Terminé' }));

    const sessionA = card.querySelector('[data-register-session="svc_a"]') as HTMLElement;
    await userEvent.click(within(sessionA).getByRole('checkbox'));
    await userEvent.click(within(card).getByRole('button', { name: 'Ajouter au panier' }));
    const refusal = await within(card).findByText("Cette activité n'accepte pas d'inscription directe.");
    expect(api.callsTo('POST /api/cart/items')[0]?.body).toMatchObject({ serviceIds: ['svc_a'] });
    const row = refusal.closest('[data-refusal]') as HTMLElement;
    expect(within(row).getByRole('button', { name: "Demander l'inscription" })).toBeInTheDocument();
  });

  it('tells a family without members to add them first', async () => {
    fakeApi({
      'GET /api/catalog/blueprints/bp_dance': () => json(200, openDetail()),
      'GET /api/me/delegated': () => json(200, { items: [], total: 0, page: 1, pageSize: 100 }),
    });
    renderDetail();
    expect(
      await screen.findByText("Ajoutez d'abord les membres de votre famille pour les inscrire."),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ajouter au panier' })).toBeDisabled();
  });
});

describe('what an activity page tells a family (issue 13)', () => {
  const lea = { id: 'mbr_lea', firstName: 'Léa', lastName: 'Peeters', birthdate: '2016-03-14' };
  const soon = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

  function futureDetail(overrides: Parameters<typeof catalogDetail>[0]) {
    const detail = catalogDetail(overrides);
    detail.sessions = [
      { ...detail.sessions[0]!, id: 'svc_a', startDateTime: soon(300) },
      { ...detail.sessions[0]!, id: 'svc_b', startDateTime: soon(307) },
    ];
    return detail;
  }

  it('lists the sessions to come however far ahead, and says when registrations open', async () => {
    fakeApi({
      'GET /api/catalog/blueprints/bp_dance': () =>
        json(
          200,
          futureDetail({
            registration: {
              open: false,
              message: 'Inscriptions ouvertes le 06/09/2027.',
              opensAt: '2027-09-05T22:00:00.000Z',
            },
          }),
        ),
    });
    renderDetail();
    expect(await screen.findByText('Inscriptions ouvertes le 06/09/2027.')).toBeInTheDocument();
    expect(document.querySelectorAll('[data-session]')).toHaveLength(2);
    expect(screen.queryByText(/Aucune séance/)).toBeNull();
    expect(screen.queryByText(/60 prochains jours/)).toBeNull();
    expect(screen.getByRole('button', { name: "S'inscrire" })).toBeDisabled();
  });

  it('lets a family ask for an activity open on request only, and shows its pending request', async () => {
    let pending: unknown[] = [];
    const api = fakeApi({
      'GET /api/catalog/blueprints/bp_dance': () =>
        json(
          200,
          futureDetail({
            visibility: 'protected',
            registration: {
              open: false,
              message: "Inscription sur demande auprès de l'organisation.",
              opensAt: null,
            },
          }),
        ),
      'GET /api/me/delegated': () => json(200, { items: [lea], total: 1, page: 1, pageSize: 100 }),
      'GET /api/me/registrations': () =>
        json(200, { items: pending, total: pending.length, page: 1, pageSize: 100 }),
      'POST /api/registrations/request-groups': (call) => {
        const body = { serviceId: (call.body as { serviceIds: string[] }).serviceIds[0]! };
        pending = [
          {
            id: 'reg_1',
            status: 'needs-review',
            member: { id: lea.id, firstName: 'Léa', lastName: 'Peeters' },
            familyId: 'fam_1',
            service: {
              id: body.serviceId,
              blueprintId: 'bp_dance',
              blueprintName: 'Danse moderne',
              colorCode: '#DB2777',
              startDateTime: soon(300),
              duration: 60,
              status: 'confirmed',
            },
            cartLinked: false,
            holdExpiresAt: null,
            invitationExpiresAt: null,
            reviewReason: 'visibility',
            reviewNote: null,
            reviewAnswer: null,
            orderId: null,
            createdAt: new Date().toISOString(),
            canCancel: true,
          },
        ];
        return json(201, { requests: pending, refused: [] });
      },
    });
    renderDetail();
    expect(await screen.findByText('Sur demande')).toBeInTheDocument();
    expect(screen.getByText("Inscription sur demande auprès de l'organisation.")).toBeInTheDocument();
    const start = screen
      .getAllByRole('button', { name: "Demander l'inscription" })
      .find((b) => b.hasAttribute('data-register-start'))!;
    expect(start).toBeEnabled();

    const card = screen
      .getByText(/Cette activité n'accepte pas|Choisissez les séances et les membres/, {
        selector: '[data-register] p',
      })
      .closest('[data-register]') as HTMLElement;
    expect(within(card).queryByRole('button', { name: 'Ajouter au panier' })).toBeNull();
    const session = card.querySelector('[data-register-session="svc_a"]') as HTMLElement;
    await userEvent.click(within(session).getByRole('checkbox'));
    await userEvent.click(await within(card).findByRole('checkbox', { name: /Léa Peeters/ }));
    await userEvent.type(within(card).getByRole('textbox'), 'Elle nage déjà bien.');
    await userEvent.click(within(card).getByRole('button', { name: 'Envoyer la demande' }));

    expect(await within(card).findByText('Demande envoyée')).toBeInTheDocument();
    expect(api.callsTo('POST /api/registrations/request-groups').map((c) => c.body)).toEqual([
      { serviceIds: ['svc_a'], memberIds: ['mbr_lea'], reason: 'visibility', note: 'Elle nage déjà bien.' },
    ]);
    const list = await within(card).findByText('Votre demande en attente');
    const section = list.closest('[data-pending-requests]') as HTMLElement;
    expect(within(section).getByText('Léa Peeters')).toBeInTheDocument();
    expect(within(section).getByText('A traiter')).toBeInTheDocument();
    expect(
      api.calls.some(
        (c) => c.url.startsWith('/api/me/registrations') && c.url.includes('blueprintId=bp_dance'),
      ),
    ).toBe(true);
  });
});
