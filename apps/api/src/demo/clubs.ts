import { TZDate } from '@date-fns/tz';
import { establishments, organizations } from '../db/schema';
import { actorOf } from '../factories/actors';
import { createActivity } from '../factories/activities';
import type { FactoryContext } from '../factories/context';
import { createFamilies } from '../factories/families';
import { payOrder, placeOrder } from '../factories/orders';
import { createLicenceRepository } from '../modules/licences/licence.repository';
import { createUserRepository } from '../modules/users/user.repository';
import { DEMO_CLUBS, person } from './accounts';

/*
 * The platform's other demo clubs, so that the system administrator's lists, plans and monthly
 * statements have something to show (issue 16):
 * - `aquatique`, on the monthly plan for four months: two activities with weekly sessions last month and
 *   this month, four families with confirmed registrations for all of them (two paid, two awaiting
 *   their transfer);
 * - `judo-essai`, a club that signed up 25 days ago: its free trial ends in five days;
 * - `tennis-ancien`, archived three months ago after a year on the monthly plan.
 */

const DAY_MS = 86_400_000;
const TIME_ZONE = 'Europe/Brussels';

const billing = (city: string, postalCode: string, address: string) => ({
  timeZone: TIME_ZONE,
  billingAddress: address,
  billingCity: city,
  billingPostalCode: postalCode,
  billingCountry: 'BEL',
  iban: 'BE68539007547034',
  bic: 'BBRUBEBB',
});

/** Midnight of the first day of the month `offset` months from `now`'s, in Brussels. */
function monthStart(now: Date, offset: number): Date {
  const local = new TZDate(now.getTime(), TIME_ZONE);
  return new Date(new TZDate(local.getFullYear(), local.getMonth() + offset, 1, 0, 0, TIME_ZONE).getTime());
}

/** Every `weekday` (0 = Sunday) at `hour` in Brussels from `from` up to `to`. */
function weekly(from: Date, to: Date, weekday: number, hour: number): Date[] {
  const days: Date[] = [];
  for (let t = from.getTime(); t < to.getTime(); t += DAY_MS) {
    const local = new TZDate(t, TIME_ZONE);
    if (local.getDay() !== weekday) continue;
    days.push(
      new Date(
        new TZDate(local.getFullYear(), local.getMonth(), local.getDate(), hour, 0, TIME_ZONE).getTime(),
      ),
    );
  }
  return days;
}

async function club(
  ctx: FactoryContext,
  key: keyof typeof DEMO_CLUBS,
  fields: Partial<typeof organizations.$inferInsert> & { name: string },
  plan: string,
  licenceStart: Date,
  passwordHash: string,
) {
  const { id, key: organizationKey, admin } = DEMO_CLUBS[key];
  await ctx.db.insert(organizations).values({
    id,
    key: organizationKey,
    contactEmail: `contact@${organizationKey}.test`,
    ...fields,
  });
  await ctx.db.insert(establishments).values({ organizationId: id, id: 'est_default', name: fields.name });
  const licences = createLicenceRepository(ctx.db);
  await licences.start(id, (await licences.pricingPlan(plan))!, licenceStart);
  await createUserRepository(ctx.db).createAccount(id, {
    email: admin,
    passwordHash,
    role: 'admin',
    person: person('Administrateur', fields.name.split(' ').at(-1)!, { gender: 'M' }),
  });
  return id;
}

export async function seedClubs(ctx: FactoryContext, now: Date, passwordHash: string): Promise<void> {
  // A paid club with registrations last month and this month.
  const paid = await club(
    ctx,
    'paid',
    {
      name: 'Cercle Aquatique de Mons',
      ...billing('Mons', '7000', 'Rue des Bassins 4'),
      billingEmail: 'tresorier@aquatique.test',
    },
    'default-monthly',
    monthStart(now, -4),
    passwordHash,
  );
  const from = monthStart(now, -1);
  const to = monthStart(now, 1);
  const swimming = weekly(from, to, 3, 15);
  const advanced = weekly(from, to, 6, 10);
  const activities = [
    await createActivity(ctx.db, {
      organizationId: paid,
      name: 'Natation enfants',
      price: 1200,
      maxSeats: 12,
      minAge: 5 * 12,
      maxAge: 12 * 12,
      colorCode: '#0EA5E9',
      location: 'Piscine du Grand Large',
      sessions: swimming.map((start) => ({ start })),
    }),
    await createActivity(ctx.db, {
      organizationId: paid,
      name: 'Perfectionnement',
      price: 1500,
      maxSeats: 8,
      minAge: 8 * 12,
      maxAge: 16 * 12,
      colorCode: '#1D4ED8',
      location: 'Piscine du Grand Large',
      sessions: advanced.map((start) => ({ start })),
    }),
  ];
  const families = await createFamilies({ db: ctx.db }, 4, {
    organizationId: paid,
    prefix: 'aquatique',
    domain: 'aquatique.test',
    childBirthdate: '2015-06-15',
    names: (i) => ({
      parent: ['Sophie', 'Marc', 'Nadia', 'Pierre'][i]!,
      child: ['Lina', 'Hugo', 'Sami', 'Chloé'][i]!,
      lastName: ['Lambert', 'Dubois', 'Haddad', 'Simon'][i]!,
    }),
  });
  const manager = await actorOf(ctx.db, paid, { email: DEMO_CLUBS.paid.admin });
  // On the first of last month, each family registered its child for the sessions of one activity up to
  // the end of this month (one order each, so the seed stays quick); half of them have paid.
  const placedAt = new Date(from.getTime() + 9 * 3_600_000);
  for (const [i, family] of families.entries()) {
    const activity = activities[i % 2]!;
    const { order } = await placeOrder(ctx, {
      family: await actorOf(ctx.db, paid, { userId: family.userId }),
      blueprintId: activity.blueprintId,
      serviceIds: activity.serviceIds,
      memberIds: [family.childId],
      at: placedAt,
    });
    if (i < 2) await payOrder(ctx, manager, order.id, new Date(placedAt.getTime() + 2 * DAY_MS));
  }

  // A club in its free trial, which ends in five days.
  await club(
    ctx,
    'trial',
    { name: 'Judo Liège Essai', ...billing('Liège', '4000', 'Quai de la Dérivation 12') },
    'free-trial',
    new Date(now.getTime() - 25 * DAY_MS),
    passwordHash,
  );

  // An archived club: nothing deleted, out of every public lookup.
  await club(
    ctx,
    'archived',
    {
      name: 'Ancien Tennis de Wavre',
      ...billing('Wavre', '1300', 'Rue du Moulin 8'),
      archivedAt: new Date(now.getTime() - 90 * DAY_MS),
    },
    'default-monthly',
    new Date(now.getTime() - 455 * DAY_MS),
    passwordHash,
  );
}
