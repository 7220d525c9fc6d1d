import type { Executor } from '../db/client';
import { blueprints, blueprintSupplements, periods, prestations, services } from '../db/schema';
import { newId } from '../lib/ids';

/*
 * Activities with their sessions, and periods, written as the activity screens leave them. Reference
 * data, not a use case: written in a few statements, so that a test (or a demo club) can have hundreds
 * of sessions in milliseconds. Registrations, orders and invoices go through the services (orders.ts).
 */

export interface ActivityFixture {
  organizationId?: string;
  establishmentId?: string;
  visibility?: 'hidden' | 'private' | 'protected' | 'public';
  name?: string;
  duration?: number;
  price?: number;
  taxPercentage?: number;
  maxSeats?: number;
  minAge?: number | null;
  maxAge?: number | null;
  colorCode?: string;
  location?: string | null;
  supplements?: {
    name: string;
    price: number;
    minAge?: number | null;
    maxAge?: number | null;
    /** Default 'once' per participant, activity and period. */
    frequency?: 'once' | 'per-session';
  }[];
  /** Start instants of its sessions. */
  sessions: {
    start: Date;
    duration?: number;
    maxSeats?: number;
    periodId?: string | null;
    status?: string;
    /** Holders assigned to the session (prestations); `absent` as a holder's absence leaves it. */
    holders?: { userId: string; absent?: boolean }[];
  }[];
}

export async function createActivity(db: Executor, fixture: ActivityFixture) {
  const organizationId = fixture.organizationId ?? 'org_demo';
  const blueprintId = newId('bp');
  const duration = fixture.duration ?? 60;
  await db.insert(blueprints).values({
    organizationId,
    id: blueprintId,
    ...(fixture.establishmentId ? { establishmentId: fixture.establishmentId } : {}),
    name: fixture.name ?? 'Activité test',
    duration,
    price: fixture.price ?? 1000,
    taxPercentage: fixture.taxPercentage ?? 0,
    maxSeats: fixture.maxSeats ?? 10,
    minAge: fixture.minAge ?? null,
    maxAge: fixture.maxAge ?? null,
    visibility: fixture.visibility ?? 'public',
    ...(fixture.colorCode ? { colorCode: fixture.colorCode } : {}),
    ...(fixture.location ? { location: fixture.location } : {}),
  });
  const supplementIds: string[] = [];
  for (const [position, s] of (fixture.supplements ?? []).entries()) {
    const id = newId('sup');
    supplementIds.push(id);
    await db.insert(blueprintSupplements).values({
      organizationId,
      id,
      blueprintId,
      name: s.name,
      price: s.price,
      minAge: s.minAge ?? null,
      maxAge: s.maxAge ?? null,
      frequency: s.frequency ?? 'once',
      position,
    });
  }
  const serviceIds = fixture.sessions.map(() => newId('svc'));
  if (serviceIds.length > 0) {
    await db.insert(services).values(
      fixture.sessions.map((s, i) => ({
        organizationId,
        id: serviceIds[i]!,
        blueprintId,
        periodId: s.periodId ?? null,
        startDateTime: s.start,
        duration: s.duration ?? duration,
        maxSeats: s.maxSeats ?? fixture.maxSeats ?? 10,
        status: s.status ?? 'confirmed',
      })),
    );
  }
  const assigned = fixture.sessions.flatMap((s, i) =>
    (s.holders ?? []).map((holder) => ({
      organizationId,
      id: newId('prs'),
      serviceId: serviceIds[i]!,
      holderUserId: holder.userId,
      status: holder.absent ? 'absent' : 'assigned',
    })),
  );
  if (assigned.length > 0) await db.insert(prestations).values(assigned);
  return { blueprintId, serviceIds, supplementIds };
}

export async function createPeriod(
  db: Executor,
  input: {
    organizationId?: string;
    registrationOpensAt?: Date | null;
    name?: string;
    startDate?: string;
    endDate?: string;
  },
) {
  const id = newId('per');
  await db.insert(periods).values({
    organizationId: input.organizationId ?? 'org_demo',
    id,
    name: input.name ?? `Période ${id.slice(-4)}`,
    startDate: input.startDate ?? '2026-01-01',
    endDate: input.endDate ?? '2030-12-31',
    registrationOpensAt: input.registrationOpensAt ?? null,
  });
  return id;
}
