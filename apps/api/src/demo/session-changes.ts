import { ageInMonths } from '@inscrio/shared';
import { actorOf } from '../factories/actors';
import type { FactoryContext } from '../factories/context';
import { payOrder, placeOrder } from '../factories/orders';
import { createOrganizationRepository } from '../modules/organizations/organization.repository';
import { createSessionChangesService } from '../modules/session-changes/session-changes.service';
import type { SeededActivities } from './activities';
import type { DemoHousehold } from './families';

/*
 * Sessions the demo club changed (issue #17), through the same use cases as the manager's screens: a
 * « Natation enfants » session cancelled, whose three families were compensated by credit notes (one
 * order paid, two to pay) and told by e-mail, and the following session postponed by a day.
 */

const DAY_MS = 86_400_000;
const KEY = 'kids-swim';
const FAMILIES = 3;
const SEED_REQUEST = { ip: '127.0.0.1', requestId: 'demo-seed', locale: 'fr' as const };

export async function seedSessionChanges(
  ctx: FactoryContext,
  organizationId: string,
  now: Date,
  input: { activities: SeededActivities; households: DemoHousehold[]; managerEmail: string },
): Promise<void> {
  const organization = await createOrganizationRepository(ctx.db).findById(organizationId);
  if (!organization) return;
  const placedAt = new Date(now.getTime() - 5 * DAY_MS);
  // Two sessions a family could register for five days ago: the first is cancelled, the next postponed.
  const sessions = input.activities.upcoming(KEY, placedAt).filter((s) => s.startDateTime > now);
  const [cancelled, postponed] = sessions;
  if (!cancelled || !postponed) return;
  const manager = await actorOf(ctx.db, organizationId, { email: input.managerEmail });
  const [minAge, maxAge] = [input.activities.minAge(KEY), input.activities.maxAge(KEY)];
  const fits = (birthdate: string) => {
    const age = ageInMonths(birthdate, cancelled.startDateTime, organization.timeZone);
    return (!minAge || age >= minAge) && (!maxAge || age <= maxAge);
  };

  let placed = 0;
  for (const household of input.households) {
    if (placed >= FAMILIES || household.isHolder) continue;
    const child = household.children.find((c) => fits(c.birthdate));
    if (!child) continue;
    // A protected activity: the family asks, the manager accepts, the family orders.
    const { order } = await placeOrder(ctx, {
      family: await actorOf(ctx.db, organizationId, { userId: household.userId }),
      blueprintId: input.activities.blueprintId(KEY),
      serviceIds: [cancelled.id, postponed.id],
      memberIds: [child.id],
      at: new Date(placedAt.getTime() + placed * 3_600_000),
      approvedBy: manager,
    });
    if (placed === 0) await payOrder(ctx, manager, order.id, new Date(placedAt.getTime() + DAY_MS));
    placed++;
  }
  if (placed === 0) return;

  const changes = createSessionChangesService(ctx);
  ctx.at(new Date(now.getTime() - DAY_MS));
  try {
    await changes.cancel(manager, cancelled.id, SEED_REQUEST);
    await changes.postpone(
      manager,
      postponed.id,
      { startDateTime: new Date(postponed.startDateTime.getTime() + DAY_MS).toISOString() },
      'fr',
    );
  } finally {
    ctx.at(null);
  }
}
