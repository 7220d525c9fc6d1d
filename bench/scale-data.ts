/*
 * A scale bench organisation, generated in SQL (generate_series): participants [from, to) with what
 * they imply (an organisation can be grown in steps).
 *
 * Shape, per 5 participants (registrations): one family with one account (its parent member) and two
 * children, one order of 5 lines and its invoice. Sessions hold 20 participants each (20 families of
 * consecutive numbers, one session per registration of theirs), 30 minutes apart from 5 days ago on,
 * spread over 20 activities. At 1,000,000 participants: 200,000 families, accounts, orders and
 * invoices, 600,000 members, 50,000 sessions (up to ~2.9 years ahead), 1,000,000 order lines.
 * Names repeat (20 first names x 50 last names), so every list has long runs of equal sort keys.
 * Every row goes through the tables' triggers and indexes as the app's own writes do.
 */
import type pg from 'pg';

export const ACTIVITIES = 20;
/** Participants per family, per session. */
const PER_FAMILY = 5;
const PER_SESSION = 20;

const FIRST_NAMES = [
  'Emma',
  'Louis',
  'Olivia',
  'Arthur',
  'Louise',
  'Jules',
  'Alice',
  'Adam',
  'Lina',
  'Noah',
  'Mila',
  'Victor',
  'Juliette',
  'Lucas',
  'Elena',
  'Gabriel',
  'Zoé',
  'Léon',
  'Chloé',
  'Hugo',
];
const LAST_NAMES = Array.from(
  { length: 50 },
  (_, i) =>
    ['Peeters', 'Janssens', 'Maes', 'Jacobs', 'Mertens', 'Willems', 'Claes', 'Goossens', 'Wouters', 'Dubois'][
      i % 10
    ]! + (i < 10 ? '' : ` ${['Lambert', 'Dupont', 'Martin', 'Simon', 'Laurent'][Math.floor(i / 10) - 1]}`),
);

/** The family whose registrations fall around now (its sessions start 5 days after the first one). */
export function calendarFamily(): { familyId: string; email: string } {
  // Session s starts 30 min x s after 5 days ago: s = 240 is now; family k takes sessions (k/20)*5 + r.
  const k = 960;
  return { familyId: `fam_scale_${k}`, email: `famille${k}@scale.test` };
}

export async function growScale(
  client: pg.ClientBase,
  {
    organizationId: org,
    from,
    to,
    passwordHash,
    origin,
  }: { organizationId: string; from: number; to: number; passwordHash: string; origin: Date },
) {
  const q = (text: string, values: unknown[] = []) => client.query(text, values);
  const [f0, f1] = [from / PER_FAMILY, to / PER_FAMILY];
  const [s0, s1] = [from / PER_SESSION, to / PER_SESSION];
  await q('begin');
  await q(`set local synchronous_commit = off`);
  if (from === 0) {
    await q(
      `insert into blueprints (organization_id, id, establishment_id, name, duration, price, max_seats, visibility)
       select $1, 'bp_scale_' || b, case when b % 3 = 0 then 'est_piscine' else 'est_default' end,
              'Activité ' || lpad(b::text, 2, '0'), 60, 5000, -1, 'public'
       from generate_series(0, $2 - 1) b`,
      [org, ACTIVITIES],
    );
  }
  await q(
    `insert into services (organization_id, id, blueprint_id, start_date_time, duration, max_seats, reserved_seats)
     select $1, 'svc_scale_' || s, 'bp_scale_' || (s % $4), $5::timestamptz + s * interval '30 minutes', 60, -1, $6
     from generate_series($2::int, $3::int - 1) s`,
    [org, s0, s1, ACTIVITIES, origin, PER_SESSION],
  );
  await q(
    `insert into families (organization_id, id) select $1, 'fam_scale_' || k from generate_series($2::int, $3::int - 1) k`,
    [org, f0, f1],
  );
  await q(
    `insert into users (organization_id, id, family_id, email, password_hash, last_login_at, created_at)
     select $1, 'usr_scale_' || k, 'fam_scale_' || k, 'famille' || k || '@scale.test', $4,
            case when k % 4 = 0 then null else $5::timestamptz - (k % 997) * interval '1 hour' end,
            $5::timestamptz - interval '3 years' + k * interval '5 minutes'
     from generate_series($2::int, $3::int - 1) k`,
    [org, f0, f1, passwordHash, origin],
  );
  await q(
    `insert into members (organization_id, id, family_id, user_id, first_name, last_name, birthdate)
     select $1, 'mbr_scale_p' || k, 'fam_scale_' || k, 'usr_scale_' || k,
            ($4::text[])[1 + k % 20], ($5::text[])[1 + (k / 20) % 50], date '1985-01-01' + (k % 3650)
     from generate_series($2::int, $3::int - 1) k
     union all
     select $1, 'mbr_scale_c' || k || '_' || c, 'fam_scale_' || k, null,
            ($4::text[])[1 + (k + 7 * c + 3) % 20], ($5::text[])[1 + (k / 20) % 50],
            date '2014-01-01' + ((k * 7 + c * 400) % 2500)
     from generate_series($2::int, $3::int - 1) k, generate_series(0, 1) c`,
    [org, f0, f1, FIRST_NAMES, LAST_NAMES],
  );
  await q(
    `insert into orders (organization_id, id, family_id, user_id, status, payment_provider, total_amount, paid_amount,
                         paid_at, created_at)
     select $1, 'ord_scale_' || k, 'fam_scale_' || k, 'usr_scale_' || k,
            case when k % 10 = 0 then 'pending' else 'completed' end, 'offline', 25000,
            case when k % 10 = 0 then 0 else 25000 end,
            case when k % 10 = 0 then null else $4::timestamptz - interval '2 years' + k * interval '3 minutes' end,
            -- Three orders share each instant: ties of the list's first key.
            $4::timestamptz - interval '2 years' + (k / 3) * interval '9 minutes'
     from generate_series($2::int, $3::int - 1) k`,
    [org, f0, f1, origin],
  );
  await q(
    `insert into participants (organization_id, id, service_id, member_id, family_id, status, holds_seat, order_id,
                               confirmed_at, created_at)
     select $1, 'reg_scale_' || p, 'svc_scale_' || ((p / 5 / 20) * 5 + p % 5),
            'mbr_scale_c' || (p / 5) || '_' || (p % 5 % 2), 'fam_scale_' || (p / 5),
            case when p % 50 = 0 then 'cancelled' else 'confirmed' end, p % 50 <> 0, 'ord_scale_' || (p / 5),
            $4::timestamptz, $4::timestamptz - interval '2 years' + (p / 15) * interval '9 minutes'
     from generate_series($2::int, $3::int - 1) p`,
    [org, from, to, origin],
  );
  await q(
    `insert into order_lines (organization_id, id, order_id, participant_id, service_id, member_id, description,
                              unit_price, total_amount, position)
     select $1, 'orl_scale_' || p, 'ord_scale_' || (p / 5), 'reg_scale_' || p,
            'svc_scale_' || ((p / 5 / 20) * 5 + p % 5), 'mbr_scale_c' || (p / 5) || '_' || (p % 5 % 2),
            'Activité ' || lpad((((p / 5 / 20) * 5 + p % 5) % $4)::text, 2, '0'), 5000, 5000, p % 5
     from generate_series($2::int, $3::int - 1) p`,
    [org, from, to, ACTIVITIES],
  );
  await q(
    `insert into invoices (organization_id, id, number, order_id, family_id, member_id, status, issue_date, due_date,
                           seller, buyer, total_amount, paid_amount, credited_amount, paid_at)
     select $1, 'inv_scale_' || k, 'S' || lpad(k::text, 7, '0'), 'ord_scale_' || k, 'fam_scale_' || k,
            'mbr_scale_p' || k,
            case when k % 10 = 0 then (case when k % 20 = 0 then 'overdue' else 'pending' end)
                 when k % 97 = 0 then 'cancelled' else 'paid' end,
            d, d + 30, '{"name": "Club Sportif Démo"}'::jsonb,
            jsonb_build_object('name', ($4::text[])[1 + k % 20] || ' ' || ($5::text[])[1 + (k / 20) % 50]),
            25000, case when k % 10 = 0 then 0 else 25000 end, case when k % 97 = 0 then 25000 else 0 end,
            case when k % 10 = 0 then null else $6::timestamptz end
     from generate_series($2::int, $3::int - 1) k,
          lateral (select ($6::timestamptz - interval '2 years' + (k / 3) * interval '9 minutes')::date as d) day`,
    [org, f0, f1, FIRST_NAMES, LAST_NAMES, origin],
  );
  await q('commit');
  // What the recurring job does to the accounting totals' deltas (one per invoice written).
  await q('select fold_invoice_totals()');
  // What autovacuum does to a table at rest: statistics, and the visibility map index-only scans read.
  await q('vacuum analyze');
}
