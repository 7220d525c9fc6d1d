import { TZDate } from '@date-fns/tz';
import { and, eq, inArray } from 'drizzle-orm';
import { newId } from '../lib/ids';
import type { Executor } from '../db/client';
import {
  blueprints,
  blueprintSupplements,
  organizations,
  periods,
  prestations,
  services,
  users,
} from '../db/schema';

/*
 * Demo activities of the demo club: ten activities over both establishments and every visibility, a
 * current and a next period per establishment (computed from the seed date, so the demo stays current),
 * weekly sessions in them, a holiday camp week in a period of its own, and the demo holder on several
 * sessions. Reserved seats stay at 0: they count participants, which the registrations issue brings.
 */

type Visibility = 'hidden' | 'private' | 'protected' | 'public';

interface DemoSupplement {
  name: string;
  price: number;
  minAge?: number;
  maxAge?: number;
  /** Default 'once' per participant, activity and period. */
  frequency?: 'once' | 'per-session';
}

interface DemoActivity {
  key: string;
  establishmentId: 'est_default' | 'est_piscine';
  name: string;
  description: string;
  privateDescription?: string;
  visibility: Visibility;
  duration: number;
  price: number;
  taxPercentage?: number;
  maxSeats: number;
  colorCode: string;
  location: string;
  minAge: number | null;
  maxAge: number | null;
  /** Weekly slots: ISO day of week (1 = Monday) and local time. */
  weekly: { day: number; time: string }[];
  supplements?: DemoSupplement[];
  createdBy?: 'manager' | 'estManager';
}

const YEAR = 12;

const ACTIVITIES: DemoActivity[] = [
  {
    key: 'baby-swim',
    establishmentId: 'est_piscine',
    name: 'Bébés nageurs',
    description: "Éveil aquatique avec un parent dans le bassin d'apprentissage chauffé à 32 °C.",
    privateDescription: 'Deux moniteurs minimum dans l’eau.',
    visibility: 'public',
    duration: 45,
    price: 1200,
    maxSeats: 8,
    colorCode: '#0EA5E9',
    location: "Bassin d'apprentissage",
    minAge: 6,
    maxAge: 36,
    weekly: [{ day: 6, time: '09:30' }],
    supplements: [{ name: 'Bonnet de bain', price: 500 }],
  },
  {
    key: 'kids-swim',
    establishmentId: 'est_piscine',
    name: 'Natation enfants',
    description: 'Apprendre à nager les quatre nages, par groupes de niveau.',
    visibility: 'protected',
    duration: 60,
    price: 1100,
    maxSeats: 10,
    colorCode: '#06B6D4',
    location: 'Grand bassin',
    minAge: 4 * YEAR,
    maxAge: 10 * YEAR,
    weekly: [{ day: 3, time: '16:00' }],
  },
  {
    key: 'swim-team',
    establishmentId: 'est_piscine',
    name: 'Groupe compétition natation',
    description: 'Entraînements du groupe compétition, sur sélection des entraîneurs.',
    privateDescription: 'Liste des nageurs sélectionnés tenue par le coach principal.',
    visibility: 'private',
    duration: 90,
    price: 1500,
    maxSeats: 12,
    colorCode: '#1D4ED8',
    location: 'Grand bassin, lignes 1 à 4',
    minAge: 10 * YEAR,
    maxAge: 18 * YEAR,
    weekly: [{ day: 5, time: '18:00' }],
  },
  {
    key: 'aquagym-draft',
    establishmentId: 'est_piscine',
    name: 'Aquagym prénatale',
    description: 'Nouveau cours en préparation.',
    visibility: 'hidden',
    duration: 45,
    price: 1000,
    maxSeats: 10,
    colorCode: '#14B8A6',
    location: "Bassin d'apprentissage",
    minAge: 18 * YEAR,
    maxAge: null,
    weekly: [],
    createdBy: 'estManager',
  },
  {
    key: 'football',
    establishmentId: 'est_default',
    name: 'Football 6-12 ans',
    description: 'Technique, jeu collectif et petits matchs, encadrés par des entraîneurs diplômés.',
    visibility: 'public',
    duration: 90,
    price: 1000,
    maxSeats: 20,
    colorCode: '#16A34A',
    location: 'Terrain synthétique',
    minAge: 6 * YEAR,
    maxAge: 12 * YEAR,
    weekly: [
      { day: 3, time: '14:00' },
      { day: 6, time: '10:00' },
    ],
    supplements: [
      { name: 'T-shirt du club', price: 1500 },
      { name: 'Matériel (6-8 ans)', price: 800, minAge: 6 * YEAR, maxAge: 8 * YEAR },
    ],
  },
  {
    key: 'dance',
    establishmentId: 'est_default',
    name: 'Danse moderne',
    description: 'Danse moderne et jazz, avec un spectacle en fin de saison.',
    visibility: 'public',
    duration: 60,
    price: 900,
    maxSeats: 15,
    colorCode: '#DB2777',
    location: 'Salle de danse',
    minAge: 8 * YEAR,
    maxAge: 14 * YEAR,
    weekly: [{ day: 2, time: '17:00' }],
    supplements: [{ name: 'Costume du spectacle', price: 2500 }],
  },
  {
    key: 'tennis',
    establishmentId: 'est_default',
    name: 'Tennis',
    description: 'Cours en petits groupes sur terrain couvert.',
    visibility: 'protected',
    duration: 60,
    price: 1800,
    maxSeats: 6,
    colorCode: '#CA8A04',
    location: 'Court couvert n° 2',
    minAge: 7 * YEAR,
    maxAge: 16 * YEAR,
    weekly: [{ day: 4, time: '17:30' }],
    supplements: [{ name: 'Location de raquette', price: 300 }],
  },
  {
    key: 'yoga',
    establishmentId: 'est_default',
    name: 'Yoga adultes',
    description: 'Hatha yoga, tous niveaux. Apportez votre tapis.',
    visibility: 'public',
    duration: 75,
    price: 1200,
    taxPercentage: 2100,
    maxSeats: -1,
    colorCode: '#7C3AED',
    location: 'Salle polyvalente',
    minAge: null,
    maxAge: null,
    weekly: [{ day: 1, time: '19:30' }],
  },
  {
    key: 'camp',
    establishmentId: 'est_default',
    name: 'Stage multisports de Toussaint',
    description: 'Une semaine de découverte : football, badminton, escalade et jeux, de 9 h à 16 h.',
    visibility: 'public',
    duration: 420,
    price: 3500,
    maxSeats: 24,
    colorCode: '#EA580C',
    location: 'Complexe sportif, hall A',
    minAge: 5 * YEAR,
    maxAge: 12 * YEAR,
    weekly: [],
    supplements: [
      { name: 'T-shirt du stage', price: 1200 },
      { name: 'Repas de midi', price: 600, frequency: 'per-session' },
    ],
  },
  {
    key: 'basket-draft',
    establishmentId: 'est_default',
    name: 'Mini-basket',
    description: 'Brouillon : horaires à confirmer.',
    visibility: 'hidden',
    duration: 60,
    price: 900,
    maxSeats: 12,
    colorCode: '#F97316',
    location: 'Hall B',
    minAge: 6 * YEAR,
    maxAge: 10 * YEAR,
    weekly: [],
    createdBy: 'manager',
  },
];

/** A calendar day, months 1-12. Arithmetic in UTC so the host's time zone never leaks in. */
interface Day {
  y: number;
  m: number;
  d: number;
}

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = ({ y, m, d }: Day) => `${y}-${pad(m)}-${pad(d)}`;
const dayNumber = ({ y, m, d }: Day) => Math.round(Date.UTC(y, m - 1, d) / DAY_MS);
const fromDayNumber = (n: number): Day => {
  const date = new Date(n * DAY_MS);
  return { y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate() };
};
/** ISO day of week, 1 = Monday. */
const weekday = (day: Day) => ((new Date(dayNumber(day) * DAY_MS).getUTCDay() + 6) % 7) + 1;

const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];

/** Four-month terms: September-December, January-April, May-August. */
function termOf(day: Day): { start: Day; end: Day } {
  const startMonth = day.m >= 9 ? 9 : day.m >= 5 ? 5 : 1;
  const start = { y: day.y, m: startMonth, d: 1 };
  const end = fromDayNumber(dayNumber({ y: day.y, m: startMonth + 4, d: 1 }) - 1);
  return { start, end };
}

function termName({ start, end }: { start: Day; end: Day }): string {
  const first = MONTHS[start.m - 1]!;
  return `${first[0]!.toUpperCase()}${first.slice(1)} – ${MONTHS[end.m - 1]} ${start.y}`;
}

/** Monday to Sunday of the week holding 1 November of `year`: the Toussaint holiday week. */
function toussaintWeek(year: number): { monday: number; sunday: number } {
  const nov1 = { y: year, m: 11, d: 1 };
  const monday = dayNumber(nov1) - (weekday(nov1) - 1);
  return { monday, sunday: monday + 6 };
}

/** Christmas holidays and the Toussaint week: no weekly sessions then. */
function isHoliday(n: number): boolean {
  const day = fromDayNumber(n);
  if ((day.m === 12 && day.d >= 21) || (day.m === 1 && day.d <= 3)) return true;
  const week = toussaintWeek(day.y);
  return n >= week.monday && n <= week.sunday;
}

/**
 * Seeds the demo activities of `organizationId` (the demo club), relative to `now` so the current period
 * always holds today. Runs inside the demo seed transaction.
 */
export interface SeededActivities {
  /** The activity's id by its key in ACTIVITIES. */
  blueprintId(key: string): string;
  /**
   * Its first upcoming sessions that take place as planned (at most six), soonest first; with `openAt`,
   * only those a family could register for at that instant (their period open).
   */
  upcoming(key: string, openAt?: Date): { id: string; startDateTime: Date }[];
  minAge(key: string): number | null;
  maxAge(key: string): number | null;
}

export async function seedActivities(
  tx: Executor,
  organizationId: string,
  now: Date = new Date(),
): Promise<SeededActivities> {
  const [organization] = await tx
    .select({ timeZone: organizations.timeZone })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  const timeZone = organization?.timeZone ?? 'Europe/Brussels';
  const staff = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.organizationId, organizationId),
        inArray(users.email, ['manager@demo.test', 'est-manager@demo.test', 'holder@demo.test']),
      ),
    );
  const userId = (email: string) => staff.find((u) => u.email === email)?.id ?? null;
  const creators = { manager: userId('manager@demo.test'), estManager: userId('est-manager@demo.test') };
  const holderId = userId('holder@demo.test');

  const localNow = new TZDate(now.getTime(), timeZone);
  const today: Day = { y: localNow.getFullYear(), m: localNow.getMonth() + 1, d: localNow.getDate() };
  const current = termOf(today);
  const next = termOf(fromDayNumber(dayNumber(current.end) + 1));
  const at = (day: Day, time: string) => {
    const [hours, minutes] = time.split(':').map(Number) as [number, number];
    return new TZDate(day.y, day.m - 1, day.d, hours, minutes, timeZone);
  };

  // Periods: a current and a next term per establishment.
  const periodRows: (typeof periods.$inferInsert)[] = [];
  for (const establishmentId of ['est_default', 'est_piscine'] as const) {
    for (const [term, opensDaysBefore] of [
      [current, 21],
      [next, 28],
    ] as const) {
      const name = termName(term);
      periodRows.push({
        organizationId,
        id: newId('per'),
        establishmentId,
        name: establishmentId === 'est_piscine' ? `Piscine : ${name.toLowerCase()}` : name,
        startDate: isoDay(term.start),
        endDate: isoDay(term.end),
        registrationOpensAt: at(fromDayNumber(dayNumber(term.start) - opensDaysBefore), '09:00'),
      });
    }
  }
  await tx.insert(periods).values(periodRows);
  const periodOf = (establishmentId: string, n: number) =>
    periodRows.find(
      (p) =>
        p.establishmentId === establishmentId &&
        n >= dayNumber(parse(p.startDate)) &&
        n <= dayNumber(parse(p.endDate)),
    )?.id ?? null;

  const blueprintRows = ACTIVITIES.map((a) => ({
    organizationId,
    id: newId('bp'),
    establishmentId: a.establishmentId,
    name: a.name,
    description: a.description,
    privateDescription: a.privateDescription ?? null,
    duration: a.duration,
    price: a.price,
    taxPercentage: a.taxPercentage ?? 0,
    maxSeats: a.maxSeats,
    colorCode: a.colorCode,
    locationType: 'physical',
    location: a.location,
    minAge: a.minAge,
    maxAge: a.maxAge,
    visibility: a.visibility,
    createdByUserId: a.createdBy ? creators[a.createdBy] : creators.manager,
  }));
  await tx.insert(blueprints).values(blueprintRows);
  const idOf = (key: string) => blueprintRows[ACTIVITIES.findIndex((a) => a.key === key)]!.id;

  const supplementRows = ACTIVITIES.flatMap((a, index) =>
    (a.supplements ?? []).map((s, position) => ({
      organizationId,
      id: newId('sup'),
      blueprintId: blueprintRows[index]!.id,
      name: s.name,
      price: s.price,
      minAge: s.minAge ?? null,
      maxAge: s.maxAge ?? null,
      frequency: s.frequency ?? 'once',
      position,
    })),
  );
  await tx.insert(blueprintSupplements).values(supplementRows);

  // Weekly sessions over both terms, skipping the holidays.
  const serviceRows: (typeof services.$inferInsert)[] = [];
  const firstDay = dayNumber(current.start);
  const lastDay = dayNumber(next.end);
  for (const [index, activity] of ACTIVITIES.entries()) {
    for (const slot of activity.weekly) {
      const seriesId = newId('ser');
      for (let n = firstDay; n <= lastDay; n++) {
        const day = fromDayNumber(n);
        if (weekday(day) !== slot.day || isHoliday(n)) continue;
        serviceRows.push({
          organizationId,
          id: newId('svc'),
          blueprintId: blueprintRows[index]!.id,
          periodId: periodOf(activity.establishmentId, n),
          seriesId,
          startDateTime: at(day, slot.time),
          duration: activity.duration,
          maxSeats: activity.maxSeats,
        });
      }
    }
  }

  // The camp: Monday to Friday of the next Toussaint week that has not ended yet, in its own period.
  let camp = toussaintWeek(today.y);
  if (camp.monday + 4 < dayNumber(today)) camp = toussaintWeek(today.y + 1);
  const campPeriod = {
    organizationId,
    id: newId('per'),
    establishmentId: 'est_default',
    name: `Stage de Toussaint ${fromDayNumber(camp.monday).y}`,
    startDate: isoDay(fromDayNumber(camp.monday)),
    endDate: isoDay(fromDayNumber(camp.monday + 4)),
    registrationOpensAt: at(fromDayNumber(camp.monday - 56), '09:00'),
  };
  await tx.insert(periods).values(campPeriod);
  const campSeries = newId('ser');
  for (let n = camp.monday; n < camp.monday + 5; n++) {
    serviceRows.push({
      organizationId,
      id: newId('svc'),
      blueprintId: idOf('camp'),
      periodId: campPeriod.id,
      seriesId: campSeries,
      startDateTime: at(fromDayNumber(n), '09:00'),
      duration: 420,
      maxSeats: 24,
    });
  }

  // A cancelled football session and a postponed dance class, both upcoming.
  const upcoming = (key: string) =>
    serviceRows
      .filter((s) => s.blueprintId === idOf(key) && (s.startDateTime as Date).getTime() > now.getTime())
      .sort((a, b) => (a.startDateTime as Date).getTime() - (b.startDateTime as Date).getTime());
  const cancelled = upcoming('football')[2];
  if (cancelled) cancelled.status = 'cancelled';
  const postponed = upcoming('dance')[1];
  if (postponed) {
    const original = postponed.startDateTime as Date;
    postponed.originalStartDateTime = original;
    postponed.startDateTime = new Date(original.getTime() + DAY_MS);
    postponed.status = 'postponed';
  }
  await tx.insert(services).values(serviceRows);

  // The demo holder coaches football and the camp, tennis this term, and the children's swimming (whose
  // sessions have attendees and marks: demo/attendance.ts), so his screens are not empty.
  if (holderId) {
    const currentEnd = dayNumber(current.end);
    const coached = serviceRows.filter(
      (s) =>
        s.blueprintId === idOf('football') ||
        s.blueprintId === idOf('camp') ||
        s.blueprintId === idOf('kids-swim') ||
        (s.blueprintId === idOf('tennis') &&
          Math.floor((s.startDateTime as Date).getTime() / DAY_MS) <= currentEnd),
    );
    await tx.insert(prestations).values(
      coached.map((s) => ({
        organizationId,
        id: newId('prs'),
        serviceId: s.id,
        holderUserId: holderId,
      })),
    );
  }

  const activity = (key: string) => ACTIVITIES.find((a) => a.key === key)!;
  const allPeriods = [...periodRows, campPeriod];
  const opensAt = (periodId: string | null | undefined) =>
    (allPeriods.find((p) => p.id === periodId)?.registrationOpensAt as Date | null | undefined) ??
    new Date(0);
  return {
    blueprintId: idOf,
    upcoming: (key, openAt) =>
      serviceRows
        .filter(
          (s) =>
            s.blueprintId === idOf(key) &&
            (s.status ?? 'confirmed') === 'confirmed' &&
            (s.startDateTime as Date).getTime() > now.getTime() &&
            (!openAt || opensAt(s.periodId).getTime() <= openAt.getTime()),
        )
        .sort((a, b) => (a.startDateTime as Date).getTime() - (b.startDateTime as Date).getTime())
        .slice(0, 6)
        .map((s) => ({ id: s.id, startDateTime: s.startDateTime as Date })),
    minAge: (key) => activity(key).minAge,
    maxAge: (key) => activity(key).maxAge,
  };
}

function parse(value: string): Day {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  return { y, m, d };
}
