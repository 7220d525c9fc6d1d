import type { ReviewItem } from '@inscrio/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import { createQueryClient } from '@/lib/query-client';
import { fakeApi, json } from '@/test/fake-api';
import { ReviewsPage } from './reviews-page';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 20 });

const DANCE = {
  id: 'svc_dance',
  blueprintId: 'bp_dance',
  blueprintName: 'Danse moderne',
  colorCode: '#DB2777',
  startDateTime: '2026-11-24T16:00:00.000Z',
  duration: 60,
  status: 'confirmed' as const,
};

/** A session of the request: the dance class `weeks` weeks after the first. */
const week = (weeks: number) => ({
  participantId: `reg_tom_${weeks}`,
  service: {
    ...DANCE,
    id: `svc_dance_${weeks}`,
    startDateTime: new Date(Date.parse(DANCE.startDateTime) + weeks * 7 * 86_400_000).toISOString(),
  },
  memberAgeMonths: 84,
  minAge: 96,
  maxAge: 168,
});

function request(overrides: Partial<ReviewItem> = {}): ReviewItem {
  return {
    sessions: [{ ...week(0), participantId: 'reg_tom', service: DANCE }],
    id: 'reg_tom',
    status: 'needs-review',
    member: { id: 'mbr_tom', firstName: 'Tom', lastName: 'Peeters' },
    familyId: 'fam_1',
    service: {
      id: 'svc_dance',
      blueprintId: 'bp_dance',
      blueprintName: 'Danse moderne',
      colorCode: '#DB2777',
      startDateTime: '2026-11-24T16:00:00.000Z',
      duration: 60,
      status: 'confirmed',
    },
    cartLinked: false,
    holdExpiresAt: null,
    invitationExpiresAt: null,
    reviewReason: 'age',
    reviewNote: 'Tom adore danser avec sa sœur.',
    reviewAnswer: null,
    orderId: null,
    createdAt: '2026-11-22T09:00:00.000Z',
    canCancel: true,
    memberAgeMonths: 84,
    minAge: 96,
    maxAge: 168,
    familyContact: { name: 'Sophie Peeters', email: 'sophie.peeters@example.be', phone: '+32 470 12 34 56' },
    ...overrides,
  };
}

function renderPage() {
  const router = createMemoryRouter([{ path: paths.reviews.pattern, element: <ReviewsPage /> }], {
    initialEntries: ['/reviews'],
  });
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

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the review queue (A traiter)', { timeout: 20_000 }, () => {
  it('says there is nothing to review', async () => {
    fakeApi({ 'GET /api/reviews': () => json(200, page([])) });
    renderPage();
    expect(await screen.findByText('Rien à traiter')).toBeInTheDocument();
  });

  it('shows the reason, the family note, the member age and the activity age range', async () => {
    fakeApi({
      'GET /api/reviews': () =>
        json(
          200,
          page([
            request(),
            request({ id: 'reg_wait', reviewReason: 'waiting-list', reviewNote: null }),
            request({ id: 'reg_private', reviewReason: 'visibility' }),
          ]),
        ),
    });
    renderPage();
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(3);
    const first = within(items[0]!);
    expect(first.getByText("Dérogation d'âge")).toBeInTheDocument();
    expect(first.getByText('Tom adore danser avec sa sœur.')).toBeInTheDocument();
    expect(first.getByText('7 ans')).toHaveClass('text-amber-700');
    expect(first.getByText('Entre 8 ans et 14 ans')).toBeInTheDocument();
    expect(within(items[1]!).getByText("Liste d'attente")).toBeInTheDocument();
    expect(within(items[1]!).getByText('Aucune note.')).toBeInTheDocument();
    expect(within(items[2]!).getByText("Demande d'inscription")).toBeInTheDocument();
  });

  it('names the family and how to reach it', async () => {
    fakeApi({
      'GET /api/reviews': () =>
        json(
          200,
          page([
            request(),
            request({
              id: 'reg_wait',
              familyContact: { name: 'Marc Dubois', email: 'marc@example.be', phone: null },
            }),
            request({ id: 'reg_none', familyContact: null }),
          ]),
        ),
    });
    renderPage();
    const items = await screen.findAllByRole('listitem');
    const first = within(items[0]!);
    expect(first.getByText('Famille')).toBeInTheDocument();
    expect(first.getByText('Sophie Peeters')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'sophie.peeters@example.be' })).toHaveAttribute(
      'href',
      'mailto:sophie.peeters@example.be',
    );
    expect(first.getByRole('link', { name: '+32 470 12 34 56' })).toHaveAttribute('href', 'tel:+32470123456');
    const second = within(items[1]!);
    expect(second.getByText('Marc Dubois')).toBeInTheDocument();
    expect(second.getByText('Pas de téléphone')).toBeInTheDocument();
    expect(within(items[2]!).getByText('Aucun compte pour cette famille.')).toBeInTheDocument();
  });

  it('says when the member has no known age', async () => {
    fakeApi({ 'GET /api/reviews': () => json(200, page([{ ...request(), memberAgeMonths: null }])) });
    renderPage();
    expect(await screen.findByText('Entre 8 ans et 14 ans')).toBeInTheDocument();
    expect(screen.queryByText('7 ans')).toBeNull();
    expect(screen.getByText('Inconnu')).toBeInTheDocument();
  });

  it('accepts with a message to the family', async () => {
    const server = fakeApi({
      'GET /api/reviews': () => json(200, page([request()])),
      'POST /api/participants/reg_tom/review': () => json(200, { ...request(), status: 'reserved' }),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Accepter la demande de Tom Peeters' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Message à la famille (facultatif)'), 'Bienvenue Tom !');
    await user.click(within(dialog).getByRole('button', { name: 'Accepter' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.callsTo('POST /api/participants/reg_tom/review')[0]?.body).toEqual({
      decision: 'accept',
      message: 'Bienvenue Tom !',
    });
    expect(toast.success).toHaveBeenCalledWith('La demande de Tom Peeters a été acceptée.');
    // The queue is read again.
    await vi.waitFor(() => expect(server.callsTo('GET /api/reviews').length).toBeGreaterThan(1));
  });

  it('refuses without a message, and shows an API error in the dialog', async () => {
    let fail = true;
    const server = fakeApi({
      'GET /api/reviews': () => json(200, page([request()])),
      'POST /api/participants/reg_tom/review': () =>
        fail
          ? json(409, {
              statusCode: 409,
              error: 'request_already_reviewed',
              message: 'Cette demande a déjà été traitée.',
            })
          : json(200, { ...request(), status: 'cancelled' }),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Refuser la demande de Tom Peeters' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Refuser' }));
    expect(await within(dialog).findByText('Cette demande a déjà été traitée.')).toBeInTheDocument();
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Refuser' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.callsTo('POST /api/participants/reg_tom/review').at(-1)?.body).toEqual({
      decision: 'refuse',
    });
    expect(toast.success).toHaveBeenCalledWith('La demande de Tom Peeters a été refusée.');
  });

  it('shows a term asked once as one card listing its sessions, decided at once', async () => {
    const term = request({
      sessions: [0, 1, 2, 3].map(week).map((s, i) => (i ? s : { ...s, participantId: 'reg_tom' })),
    });
    const server = fakeApi({
      'GET /api/reviews': () => json(200, page([term])),
      'POST /api/participants/reg_tom/review': () =>
        json(200, {
          ...term,
          status: 'invited',
          outcomes: [0, 1, 2, 3].map((w) => ({
            participantId: `reg_tom_${w}`,
            serviceId: `svc_dance_${w}`,
            startDateTime: week(w).service.startDateTime,
            outcome: w === 2 ? 'waiting-list' : 'accepted',
          })),
        }),
    });
    const user = userEvent.setup();
    renderPage();
    const card = await screen.findByText('Tom Peeters');
    const item = within(card.closest('[data-review-item]') as HTMLElement);
    expect(document.querySelectorAll('[data-review-item]')).toHaveLength(1);
    expect(item.getByText('4 séances')).toBeInTheDocument();
    expect(item.getByText('Séances demandées')).toBeInTheDocument();
    const dates = item.getAllByRole('link', { name: /2026/ });
    expect(dates.map((a) => a.textContent)).toEqual([
      'mar. 24/11/2026 17:00',
      'mar. 01/12/2026 17:00',
      'mar. 08/12/2026 17:00',
      'mar. 15/12/2026 17:00',
    ]);
    expect(dates[1]).toHaveAttribute('href', paths.managedService.to('svc_dance_1'));
    expect(item.getByText('Sophie Peeters')).toBeInTheDocument();
    expect(item.getByText('Tom adore danser avec sa sœur.')).toBeInTheDocument();
    // One accept for the whole request.
    expect(item.getAllByRole('button', { name: 'Accepter la demande de Tom Peeters' })).toHaveLength(1);
    await user.click(item.getByRole('button', { name: 'Accepter la demande de Tom Peeters' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Tom Peeters · Danse moderne · 4 séances')).toBeInTheDocument();
    expect(
      within(dialog).getByText('La décision vaut pour toutes les séances de la demande.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Accepter' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.callsTo('POST /api/participants/reg_tom/review')).toHaveLength(1);
    expect(toast.success).toHaveBeenCalledWith('La demande de Tom Peeters a été acceptée.');
    // The session without a free seat is named.
    expect(toast.info).toHaveBeenCalledWith('Sans place libre, restent en attente : 08/12/2026 17:00');
  });
});
