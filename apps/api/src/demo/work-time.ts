import { localDay, shiftMonth } from '@inscrio/shared';
import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import { organizations, prestations, services, users } from '../db/schema';
import { actorOf } from '../factories/actors';
import type { FactoryContext } from '../factories/context';
import { newId } from '../lib/ids';
import { createWorkTimeService } from '../modules/work-time/work-time.service';
import { DEMO_ACCOUNTS } from './accounts';
import type { SeededActivities } from './activities';

/*
 * The demo holders' work time over three months (issue #21), through the screens' own use cases: the
 * demo coach's month before last validated, last month and this month drafts with corrections; another
 * coach's month validated, a swimming coach's sent back with a note, and a volunteer paid by fixed
 * allowances whose last month waits for the manager's validation.
 */

const DAY_MS = 86_400_000;

interface Coach {
  email: string;
  /** Activities whose sessions they hold over the three months (the demo coach already holds his). */
  activities: string[];
}

const OTHER_COACHES: Coach[] = [
  { email: 'karim.benali@demo.test', activities: ['dance'] },
  { email: 'julien.thiry@demo.test', activities: ['swim-team'] },
  { email: 'nathalie.lemaire@demo.test', activities: ['yoga'] },
];

export async function seedWorkTime(
  ctx: FactoryContext,
  organizationId: string,
  now: Date,
  activities: SeededActivities,
): Promise<void> {
  const [organization] = await ctx.db
    .select({ timeZone: organizations.timeZone })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!organization) return;
  const thisMonth = localDay(now, organization.timeZone).slice(0, 7);
  const lastMonth = shiftMonth(thisMonth, -1);
  const monthBefore = shiftMonth(thisMonth, -2);
  const since = new Date(Date.parse(`${monthBefore}-01T00:00:00Z`) - DAY_MS);

  // The other coaches hold their activities' sessions of the three months (reference data, as activities.ts).
  const coaches = await ctx.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.organizationId, organizationId),
        inArray(users.email, [DEMO_ACCOUNTS.holder, ...OTHER_COACHES.map((c) => c.email)]),
      ),
    );
  const idOf = (email: string) => coaches.find((c) => c.email === email)?.id;
  for (const coach of OTHER_COACHES) {
    const holderUserId = idOf(coach.email);
    if (!holderUserId) continue;
    const held = await ctx.db
      .select({ id: services.id })
      .from(services)
      .where(
        and(
          eq(services.organizationId, organizationId),
          inArray(services.blueprintId, coach.activities.map(activities.blueprintId)),
          gte(services.startDateTime, since),
          lt(services.startDateTime, now),
        ),
      );
    if (held.length > 0) {
      await ctx.db
        .insert(prestations)
        .values(held.map((s) => ({ organizationId, id: newId('prs'), serviceId: s.id, holderUserId })))
        .onConflictDoNothing();
    }
  }

  const workTime = createWorkTimeService(ctx);
  const manager = await actorOf(ctx.db, organizationId, { email: DEMO_ACCOUNTS.manager });
  const as = async (email: string) => (idOf(email) ? actorOf(ctx.db, organizationId, { email }) : null);
  const demoCoach = await as(DEMO_ACCOUNTS.holder);
  const [karim = null, julien = null, nathalie = null] = await Promise.all(
    OTHER_COACHES.map((c) => as(c.email)),
  );
  // Never after now; last month's decisions happen this month, once it is over.
  const at = (instant: number) => ctx.at(new Date(Math.min(instant, now.getTime())));
  const early = (month: string, day: number) =>
    Date.parse(`${month}-${String(day).padStart(2, '0')}T09:00:00Z`);

  try {
    if (nathalie) await workTime.setVolunteer(manager, nathalie.userId, true, 'fr');
    const corrections: [typeof demoCoach, string, number, string][] = [
      [demoCoach, `${monthBefore}-15`, 180, 'Tournoi de fin de saison'],
      [demoCoach, `${lastMonth}-08`, 90, 'Réunion des entraîneurs'],
      [demoCoach, `${lastMonth}-20`, -30, 'Séance écourtée (orage)'],
      [demoCoach, `${thisMonth}-01`, 60, 'Remplacement de Karim, non planifié'],
      [karim, `${monthBefore}-10`, 180, 'Tournoi interclubs'],
      [julien, `${lastMonth}-05`, 60, 'Réunion sécurité de la piscine'],
    ];
    for (const [coach, day, minutes, note] of corrections) {
      if (coach) await workTime.addCorrection(coach, { day, minutes, note }, 'fr');
    }

    // The month before last: submitted early in the next month, validated two days later.
    at(early(lastMonth, 1));
    for (const coach of [demoCoach, karim]) if (coach) await workTime.submit(coach, monthBefore, 'fr');
    at(early(lastMonth, 3));
    for (const coach of [demoCoach, karim]) {
      if (coach)
        await workTime.decide(manager, monthBefore, coach.userId, { status: 'validated', note: null }, 'fr');
    }
    // Last month: the volunteer submitted it, the swimming coach's was sent back; the demo coach's is a
    // draft he may still correct and submit.
    at(early(thisMonth, 2));
    for (const coach of [julien, nathalie]) if (coach) await workTime.submit(coach, lastMonth, 'fr');
    at(early(thisMonth, 3));
    if (julien) {
      await workTime.decide(
        manager,
        lastMonth,
        julien.userId,
        { status: 'rejected', note: 'Merci d’ajouter le stage de sauvetage du dernier samedi.' },
        'fr',
      );
    }
  } finally {
    ctx.at(null);
  }
}
