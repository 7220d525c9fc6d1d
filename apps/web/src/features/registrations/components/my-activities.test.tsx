import type { ParticipantDto } from '@inscrio/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearSession, startSession } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';
import { setAddressOrganization } from '@/lib/organization-context';
import { createQueryClient } from '@/lib/query-client';
import { DEMO, fakeApi, json, makeUser, signInResult } from '@/test/fake-api';
import { MyActivities } from './my-activities';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

function participant(overrides: Partial<ParticipantDto> = {}): ParticipantDto {
  return {
    id: 'reg_1',
    status: 'confirmed',
    member: { id: 'mbr_lea', firstName: 'Léa', lastName: 'Peeters' },
    familyId: 'fam_1',
    service: {
      id: 'svc_1',
      blueprintId: 'bp_dance',
      blueprintName: 'Danse moderne',
      colorCode: '#DB2777',
      startDateTime: inDays(3),
      duration: 60,
      status: 'confirmed',
    },
    cartLinked: false,
    holdExpiresAt: null,
    invitationExpiresAt: null,
    reviewReason: null,
    reviewNote: null,
    reviewAnswer: null,
    orderId: 'ord_1',
    createdAt: inDays(-5),
    canCancel: true,
    ...overrides,
  };
}

const page = (items: ParticipantDto[]) => ({ items, total: items.length, page: 1, pageSize: 100 });

function renderIt() {
  const router = createMemoryRouter([{ path: '/', element: <MyActivities /> }], { initialEntries: ['/'] });
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

describe("'Mes activités'", () => {
  it("shows each member's sessions with their status, invitations with their deadline, and pending requests", async () => {
    let items = [
      participant(),
      participant({
        id: 'reg_2',
        status: 'reserved',
        cartLinked: true,
        member: { id: 'mbr_tom', firstName: 'Tom', lastName: 'Peeters' },
        canCancel: false,
      }),
      participant({ id: 'reg_inv', status: 'invited', invitationExpiresAt: '2026-12-01T11:00:00.000Z' }),
      participant({
        id: 'reg_rev',
        status: 'needs-review',
        reviewReason: 'age',
        reviewNote: 'Il a presque 8 ans.',
        member: { id: 'mbr_tom', firstName: 'Tom', lastName: 'Peeters' },
      }),
    ];
    const api = fakeApi({
      'GET /api/me/registrations': () => json(200, page(items)),
      'GET /api/cart': () =>
        json(200, { items: [], totalAmount: 0, taxAmount: 0, holdExpiresAt: null, paymentProviders: [] }),
      'POST /api/me/registrations/reg_inv/accept': () => {
        items = items.map((p) => (p.id === 'reg_inv' ? { ...p, status: 'reserved', cartLinked: true } : p));
        return json(
          200,
          items.find((p) => p.id === 'reg_inv'),
        );
      },
      'POST /api/me/registrations/reg_1/cancel': () => {
        items = items.map((p) => (p.id === 'reg_1' ? { ...p, status: 'cancelled', canCancel: false } : p));
        return json(
          200,
          items.find((p) => p.id === 'reg_1'),
        );
      },
    });
    renderIt();

    const lea = await screen.findByRole('region', { name: 'Léa Peeters' });
    expect(within(lea).getByText('Confirmé')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Tom Peeters' })).toHaveTextContent('Dans le panier');

    const invitation = document.querySelector('[data-invitation="reg_inv"]') as HTMLElement;
    expect(invitation).toHaveTextContent('Répondez avant le 01/12/2026 12:00');
    const request = document.querySelector('[data-request="reg_rev"]') as HTMLElement;
    expect(request).toHaveTextContent('A traiter');
    expect(request).toHaveTextContent("dérogation d'âge");
    expect(request).toHaveTextContent('« Il a presque 8 ans. »');

    await userEvent.click(within(invitation).getByRole('button', { name: 'Accepter' }));
    await waitFor(() => expect(document.querySelector('[data-invitation="reg_inv"]')).toBeNull());
    expect(api.callsTo('POST /api/me/registrations/reg_inv/accept')).toHaveLength(1);

    // Cancelling asks first.
    await userEvent.click(within(lea).getAllByRole('button', { name: 'Annuler' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Annuler cette inscription ?' });
    expect(api.callsTo('POST /api/me/registrations/reg_1/cancel')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: "Annuler l'inscription" }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST /api/me/registrations/reg_1/cancel')).toHaveLength(1);
    expect(
      await within(screen.getByRole('region', { name: 'Léa Peeters' })).findByText('Annulée'),
    ).toBeInTheDocument();
  });

  it('invites to the catalogue when nothing is planned', async () => {
    fakeApi({ 'GET /api/me/registrations': () => json(200, page([])) });
    renderIt();
    expect(await screen.findByText('Aucune séance à venir')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voir le catalogue' })).toHaveAttribute('href', '/catalog');
  });
});
