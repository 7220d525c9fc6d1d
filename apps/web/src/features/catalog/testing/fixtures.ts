import type { CatalogDetail, CatalogItem } from '@inscrio/shared';

/** An activity as the catalogue sends it (the seed's dance class). */
export function catalogItem(overrides: Partial<CatalogItem> = {}): CatalogItem {
  return {
    id: 'bp_dance',
    name: 'Danse moderne',
    description: 'Danse moderne et jazz.',
    imageUrl: null,
    price: 900,
    taxPercentage: 0,
    duration: 60,
    durationText: '1h00',
    minAge: 96,
    maxAge: 168,
    ageRestrictionText: 'Entre 8 ans et 14 ans',
    maxSeats: 15,
    seatsText: '15 places',
    colorCode: '#DB2777',
    locationType: 'physical',
    location: 'Salle de danse',
    visibility: 'public',
    establishment: { id: 'est_default', name: 'Complexe sportif principal' },
    // 16:00 UTC is 17:00 in Brussels in November.
    nextSessions: [{ id: 'svc_1', startDateTime: '2026-11-24T16:00:00.000Z', freeSeats: 0 }],
    supplements: [
      { id: 'sup_1', name: 'Costume', price: 2500, minAge: null, maxAge: null, frequency: 'once' },
    ],
    ...overrides,
  };
}

/** The same activity's page: a confirmed, a postponed and a cancelled session, registration not open. */
export function catalogDetail(overrides: Partial<CatalogDetail> = {}): CatalogDetail {
  const seats = { maxSeats: 15, reservedSeats: 3, freeSeats: 12, fillingRate: 20 };
  return {
    ...catalogItem(),
    supplements: [
      {
        id: 'sup_1',
        name: 'Costume du spectacle',
        price: 2500,
        minAge: null,
        maxAge: null,
        frequency: 'once',
      },
      { id: 'sup_2', name: 'Matériel', price: 800, minAge: 72, maxAge: 96, frequency: 'once' },
    ],
    sessions: [
      {
        id: 'svc_1',
        startDateTime: '2026-11-24T16:00:00.000Z',
        originalStartDateTime: null,
        duration: 60,
        status: 'confirmed',
        periodId: null,
        seats,
      },
      {
        id: 'svc_2',
        startDateTime: '2026-12-02T16:00:00.000Z',
        originalStartDateTime: '2026-12-01T16:00:00.000Z',
        duration: 60,
        status: 'postponed',
        periodId: null,
        seats: { ...seats, reservedSeats: 15, freeSeats: 0, fillingRate: 100 },
      },
      {
        id: 'svc_3',
        startDateTime: '2026-12-08T16:00:00.000Z',
        originalStartDateTime: null,
        duration: 60,
        status: 'cancelled',
        periodId: null,
        seats,
      },
    ],
    registration: { open: false, message: 'Les inscriptions ouvrent bientôt.', opensAt: null },
    ...overrides,
  };
}

/** A session to book in January 2027 (`day` of the month, 17:00 in Brussels), 12 seats free. */
export function catalogSession(
  id: string,
  periodId: string | null,
  day = 10,
  overrides: Partial<CatalogDetail['sessions'][number]> = {},
): CatalogDetail['sessions'][number] {
  return {
    id,
    startDateTime: `2027-01-${String(day).padStart(2, '0')}T16:00:00.000Z`,
    originalStartDateTime: null,
    duration: 60,
    status: 'confirmed',
    periodId,
    seats: { maxSeats: 15, reservedSeats: 3, freeSeats: 12, fillingRate: 20 },
    ...overrides,
  };
}
