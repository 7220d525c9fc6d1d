import { type SQL, sql } from 'drizzle-orm';
import { type Executor, preparedStatement } from '../../db/client';
import type { EligibilityFacts } from './eligibility-rules';
import type { SupplementData } from './pricing';

/** The pair an eligibility statement reads, and the caller whose acceptance of the conditions it reads. */
export interface EligibilityKey {
  organizationId: string;
  serviceId: string;
  memberId: string;
  /** The member must belong to this family; null: any member of the organisation. */
  familyId: string | null;
  auth?: { userId: string };
}

/** The eligibility statement's row, as PostgreSQL returns it (`toEligibilityFacts` turns it into facts). */
export interface EligibilityRow {
  id: string | null;
  blueprint_id: string;
  period_id: string | null;
  start_date_time: Date | string;
  duration: number;
  status: string;
  max_seats: number;
  reserved_seats: number;
  blueprint_name: string;
  color_code: string;
  visibility: string;
  archived_at: Date | string | null;
  price: number;
  tax_percentage: number;
  min_age: number | null;
  max_age: number | null;
  registration_opens_at: Date | string | null;
  organization_name: string;
  time_zone: string;
  hold_minutes: number;
  roi_published_at: Date | string | null;
  legal_mentions_published_at: Date | string | null;
  supplements: SupplementData[];
  member: {
    id: string;
    familyId: string;
    firstName: string;
    lastName: string;
    email: string | null;
    birthdate: string | null;
    gender: string | null;
  } | null;
  conflicts: {
    serviceId: string;
    status: string;
    startDateTime: string;
    blueprintName: string;
    /** Reserved in the family's cart, not ordered yet. */
    inCart: boolean;
  }[];
  acceptance: { roi: string | null; legal: string | null } | null;
}

const p = (name: string) => sql.placeholder(name);

/**
 * The statement reading everything the checks need, in one round trip: the session with its activity,
 * period and organisation; the member (in the family when given); the member's conflicting live
 * registrations (the same session, or another one whose time range intersects it); the activity's
 * supplements; the caller's acceptance of the conditions. A caller may add columns of its own
 * (`extraColumns`, which may use the organisation `o` and the same placeholders): the cart reads the
 * family's cart in the same round trip. Values: `eligibilityValues`.
 *
 * It keeps one plan (`plan: 'generic'`: planning it cost ten times its execution), so every table is
 * reached by an index from the values or from the row before it, whatever the statistics say: each
 * lookup is a `lateral` sub-select kept apart by `offset 0` (flattened, the planner may join a whole
 * table by hash), and the member's registrations are read by the member's index (statuses filtered
 * outside the fence: with the status list inside, the live-registrations unique index fits too, and on
 * stale statistics the planner walked all of it for every pair checked).
 */
export function eligibilityStatement<Extra = unknown>(name: string, extraColumns?: SQL) {
  return preparedStatement<EligibilityRow & Extra>(
    name,
    sql`
    select s.id, s.blueprint_id, s.period_id, s.start_date_time, s.duration, s.status, s.max_seats,
      s.reserved_seats, s.blueprint_name, s.color_code, s.visibility, s.archived_at, s.price,
      s.tax_percentage, s.min_age, s.max_age, s.registration_opens_at, o.name as organization_name,
      o.time_zone, o.hold_minutes, o.roi_published_at, o.legal_mentions_published_at,
      (select coalesce(json_agg(json_build_object('id', x.id, 'name', x.name, 'price', x.price,
          'minAge', x.min_age, 'maxAge', x.max_age, 'frequency', x.frequency) order by x.position, x.name),
          '[]'::json)
        from blueprint_supplements x
        where x.organization_id = o.id and x.blueprint_id = s.blueprint_id) as supplements,
      (select json_build_object('id', m.id, 'familyId', m.family_id, 'firstName', m.first_name,
          'lastName', m.last_name, 'email', m.email, 'birthdate', m.birthdate, 'gender', m.gender)
        from members m
        where m.organization_id = o.id and m.id = ${p('memberId')} and m.deleted_at is null
          and (${p('familyId')}::text is null or m.family_id = ${p('familyId')}::text)) as member,
      (select coalesce(json_agg(json_build_object('serviceId', c.service_id, 'status', c.status,
          'startDateTime', c.start_date_time, 'blueprintName', c.blueprint_name,
          'inCart', c.status = 'reserved' and c.cart_linked and c.order_id is null)
          order by c.start_date_time), '[]'::json)
        from (
          select p.service_id, p.status, p.cart_linked, p.order_id, os.start_date_time, os.blueprint_name
          from (
            select p.service_id, p.status, p.cart_linked, p.order_id, p.hold_expires_at
            from participants p
            where p.organization_id = o.id and p.member_id = ${p('memberId')}
            offset 0) p
          cross join lateral (
            select os.id, os.status, os.start_date_time, os.duration, ob.name as blueprint_name
            from services os
            join blueprints ob on ob.organization_id = os.organization_id and ob.id = os.blueprint_id
            where os.organization_id = o.id and os.id = p.service_id
            offset 0) os
          where p.status in ('invited', 'reserved', 'confirmed', 'needs-review')
            and (p.service_id = s.id or (
              p.status in ('invited', 'reserved', 'confirmed') and os.status <> 'cancelled'
              and os.start_date_time < s.start_date_time + make_interval(mins => s.duration)
              and os.start_date_time + make_interval(mins => os.duration) > s.start_date_time))
            and not (p.cart_linked and p.order_id is null and p.hold_expires_at <= ${p('now')}::timestamptz)
          limit 5) c) as conflicts,
      (select json_build_object('roi', u.has_accepted_roi_at, 'legal', u.has_accepted_legal_mentions_at)
        from users u where u.organization_id = o.id and u.id = ${p('userId')}::text) as acceptance
      ${extraColumns ? sql`, ${extraColumns}` : sql``}
    from organizations o
    left join lateral (
      select s.id, s.blueprint_id, s.period_id, s.start_date_time, s.duration, s.status, s.max_seats,
        s.reserved_seats, b.name as blueprint_name, b.color_code, b.visibility, b.archived_at, b.price,
        b.tax_percentage, b.min_age, b.max_age,
        (select pe.registration_opens_at from periods pe
          where pe.organization_id = s.organization_id and pe.id = s.period_id) as registration_opens_at
      from services s
      join blueprints b on b.organization_id = s.organization_id and b.id = s.blueprint_id
      where s.organization_id = o.id and s.id = ${p('serviceId')}
      offset 0) s on true
    where o.id = ${p('organizationId')}`,
    { plan: 'generic' },
  );
}

/** The values of an eligibility statement's placeholders. */
export const eligibilityValues = (request: EligibilityKey, now: Date) => ({
  organizationId: request.organizationId,
  serviceId: request.serviceId,
  memberId: request.memberId,
  familyId: request.familyId,
  userId: request.auth?.userId ?? null,
  now: now.toISOString(),
});

const readFacts = eligibilityStatement('registration_eligibility');

const asDate = (value: Date | string | null): Date | null =>
  value === null ? null : value instanceof Date ? value : new Date(value);

/** The facts of an eligibility statement's row, in the shapes the rules take. */
export function toEligibilityFacts(row: EligibilityRow): EligibilityFacts {
  return {
    session:
      row.id === null
        ? null
        : {
            id: row.id,
            blueprintId: row.blueprint_id,
            periodId: row.period_id,
            startDateTime: asDate(row.start_date_time)!,
            duration: row.duration,
            status: row.status,
            maxSeats: row.max_seats,
            reservedSeats: row.reserved_seats,
            blueprintName: row.blueprint_name,
            colorCode: row.color_code,
            visibility: row.visibility,
            archivedAt: asDate(row.archived_at),
            price: row.price,
            taxPercentage: row.tax_percentage,
            minAge: row.min_age,
            maxAge: row.max_age,
            registrationOpensAt: asDate(row.registration_opens_at),
          },
    member: row.member ? { ...row.member, gender: row.member.gender ?? null } : null,
    organization: {
      name: row.organization_name,
      timeZone: row.time_zone,
      holdMinutes: row.hold_minutes,
      roiPublishedAt: asDate(row.roi_published_at),
      legalMentionsPublishedAt: asDate(row.legal_mentions_published_at),
    },
    supplements: row.supplements,
    conflicts: row.conflicts.map((c) => ({ ...c, startDateTime: new Date(c.startDateTime) })),
    acceptance: row.acceptance
      ? { roi: asDate(row.acceptance.roi), legal: asDate(row.acceptance.legal) }
      : null,
  };
}

/** The facts of a pair in one round trip; undefined when the organisation is unknown. */
export async function readEligibilityFacts(
  db: Executor,
  key: EligibilityKey,
  now: Date,
): Promise<EligibilityFacts | undefined> {
  const [row] = await readFacts(db, eligibilityValues(key, now));
  return row && toEligibilityFacts(row);
}
