import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearSession, startSession } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';
import { setAddressOrganization } from '@/lib/organization-context';
import { createQueryClient } from '@/lib/query-client';
import { DEMO, fakeApi, json, makeUser, signInResult } from '@/test/fake-api';
import type { AttendanceSheet as Sheet } from '../api/types';
import { queueKey } from '../utils/mark-queue';
import { AttendanceSheet } from './attendance-sheet';

const SHEET: Sheet = {
  service: {
    id: 'svc_1',
    blueprintId: 'bp_swim',
    blueprintName: 'Natation',
    colorCode: '#0EA5E9',
    establishmentId: 'est_default',
    establishmentName: 'Piscine',
    startDateTime: '2026-11-25T13:00:00.000Z',
    duration: 60,
    status: 'confirmed',
    seats: { maxSeats: 12, reservedSeats: 3, freeSeats: 9, fillingRate: 25 },
    holders: [],
  },
  participants: [
    {
      id: 'par_emma',
      displayName: 'Emma Dubois',
      initials: 'ED',
      ageMonths: 97,
      familyPhone: '+32 471 11 22 33',
      mark: 'none',
      note: null,
      markedAt: null,
    },
    {
      id: 'par_louis',
      displayName: 'Louis Dubois',
      initials: 'LD',
      ageMonths: 5,
      familyPhone: null,
      mark: 'none',
      note: null,
      markedAt: null,
    },
    {
      id: 'par_noah',
      displayName: 'Noah Petit',
      initials: 'NP',
      ageMonths: null,
      familyPhone: null,
      mark: 'present',
      note: null,
      markedAt: '2026-11-25T13:01:00.000Z',
    },
  ],
  counts: { present: 1, absent: 0, unmarked: 2 },
};

let userCount = 0;
let userId = '';

function renderSheet() {
  // A user of its own per test: each has its own queue on the device.
  userId = `usr_holder_${++userCount}`;
  startSession(signInResult({ user: makeUser({ id: userId, isHolder: true }), organization: DEMO }));
  setAddressOrganization(DEMO);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AttendanceSheet serviceId="svc_1" />
    </QueryClientProvider>,
  );
}

const row = (name: string) => screen.getByText(name).closest('li') as HTMLElement;
const counter = () => document.querySelector('[data-attendance-counter]')?.textContent;

beforeEach(async () => {
  await i18n.changeLanguage('fr');
  localStorage.clear();
});

afterEach(() => {
  clearSession();
  setAddressOrganization(null);
});

describe('the attendance sheet', () => {
  it('shows a mark at once, keeps it on the device while offline, and sends it when back online', async () => {
    const user = userEvent.setup();
    let offline = true;
    const api = fakeApi({
      'GET /api/attendance/services/svc_1': () => json(200, SHEET),
      'POST /api/attendance/services/svc_1/marks': () => {
        if (offline) throw new TypeError('Failed to fetch');
        return json(200, {
          ...SHEET,
          participants: SHEET.participants.map((p) =>
            p.id === 'par_emma' ? { ...p, mark: 'absent', markedAt: '2026-11-25T13:05:00.000Z' } : p,
          ),
          counts: { present: 1, absent: 1, unmarked: 1 },
          stored: 1,
          duplicates: 0,
        });
      },
    });
    renderSheet();
    await screen.findByText('Emma Dubois');
    expect(counter()).toBe('1 présent · 0 absent · 2 à marquer');
    expect(
      within(row('Emma Dubois')).getByRole('link', { name: /Appeler la famille de Emma Dubois/ }),
    ).toHaveAttribute('href', 'tel:+32471112233');

    await user.click(within(row('Emma Dubois')).getByRole('button', { name: 'Absent' }));
    expect(within(row('Emma Dubois')).getByRole('button', { name: 'Absent' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(counter()).toBe('1 présent · 1 absent · 1 à marquer');
    expect(await screen.findByText("1 présence en attente d'envoi")).toBeInTheDocument();
    const stored = JSON.parse(localStorage.getItem(queueKey(DEMO.id, userId)) ?? '[]') as { mark: string }[];
    expect(stored.map((m) => m.mark)).toEqual(['absent']);

    offline = false;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(screen.queryByText(/en attente d'envoi/)).not.toBeInTheDocument());
    expect(localStorage.getItem(queueKey(DEMO.id, userId))).toBeNull();
    const sent = api.callsTo('POST /api/attendance/services/svc_1/marks').at(-1)!.body as {
      marks: { participantId: string; mark: string; markId: string; markedAt: string }[];
    };
    expect(sent.marks).toEqual([
      expect.objectContaining({ participantId: 'par_emma', mark: 'absent', markId: expect.any(String) }),
    ]);
    expect(counter()).toBe('1 présent · 1 absent · 1 à marquer');
  });

  it('marks all the others present in one batch, keeping those already marked', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /api/attendance/services/svc_1': () => json(200, SHEET),
      'POST /api/attendance/services/svc_1/marks': () =>
        json(200, {
          ...SHEET,
          participants: SHEET.participants.map((p) => ({
            ...p,
            mark: 'present',
            markedAt: p.markedAt ?? '2026-11-25T13:05:00.000Z',
          })),
          counts: { present: 3, absent: 0, unmarked: 0 },
          stored: 2,
          duplicates: 0,
        }),
    });
    renderSheet();
    await user.click(await screen.findByRole('button', { name: 'Tous les autres présents' }));
    expect(counter()).toBe('3 présents · 0 absent · 0 à marquer');
    const sent = api.callsTo('POST /api/attendance/services/svc_1/marks')[0]!.body as {
      marks: { participantId: string; mark: string }[];
    };
    expect(sent.marks.map((m) => [m.participantId, m.mark])).toEqual([
      ['par_emma', 'present'],
      ['par_louis', 'present'],
    ]);
  });

  it('drops a batch the API refuses, says why and shows the sheet as the API has it', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /api/attendance/services/svc_1': () => json(200, SHEET),
      'POST /api/attendance/services/svc_1/marks': () =>
        json(409, {
          statusCode: 409,
          error: 'attendance_session_cancelled',
          message: 'Cette séance est annulée : on ne peut pas y prendre les présences',
        }),
    });
    renderSheet();
    await user.click(
      within(await screen.findByText('Louis Dubois').then((el) => el.closest('li') as HTMLElement)).getByRole(
        'button',
        { name: 'Présent' },
      ),
    );
    await waitFor(() => expect(api.callsTo('GET /api/attendance/services/svc_1')).toHaveLength(2));
    expect(screen.queryByText(/en attente d'envoi/)).not.toBeInTheDocument();
    expect(localStorage.getItem(queueKey(DEMO.id, userId))).toBeNull();
    await waitFor(() => expect(counter()).toBe('1 présent · 0 absent · 2 à marquer'));
  });
});
