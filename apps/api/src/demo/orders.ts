import { ageInMonths } from '@inscrio/shared';
import { actorOf } from '../factories/actors';
import type { FactoryContext } from '../factories/context';
import { cancelOrder, payOrder, placeFailedOnlineOrder, placeOrder } from '../factories/orders';
import { markOverdueInvoices } from '../modules/invoicing/overdue.job';
import { createOrganizationRepository } from '../modules/organizations/organization.repository';
import type { SeededActivities } from './activities';
import type { DemoHousehold } from './families';

/*
 * Demo orders of the demo club, one in every registration-like status, for a few demo families (one
 * order each): a pending bank transfer with its structured reference, a completed (paid) order, a
 * cancelled one and an online (Mollie) order whose payment failed and that needs action, with their
 * invoices (one overdue) and a credit note. Each is placed as a family places one (the cart, then the
 * checkout), on the day it was placed, then paid or cancelled by the manager through the same services.
 */

const DAY_MS = 86_400_000;
const DEMO_IBAN = 'BE71096123456769';
const DEMO_BIC = 'GEBABEBB';
/** The failed online order keeps its seats for three days, as a family that will retry. */
const ONLINE_HOLD_MINUTES = 3 * 24 * 60;

type Plan = {
  status: 'pending' | 'completed' | 'cancelled' | 'require-action';
  /** When the order was placed (default 3 days ago); an old unpaid transfer makes an overdue invoice. */
  daysAgo?: number;
  /** The family to register (the demo parent's); by default another family without an order. */
  familyId?: string;
};

export interface DemoOrdersInput {
  activities: SeededActivities;
  /** The demo parent's household first, then the other demo families in the order they were created. */
  households: DemoHousehold[];
  parentFamilyId: string;
  managerEmail: string;
  /** The demo parent's (parent@demo.test) registrations, order and invoices (default: yes). */
  demoFamily?: boolean;
}

export async function seedOrders(
  ctx: FactoryContext,
  organizationId: string,
  now: Date,
  { activities, households, parentFamilyId, managerEmail, demoFamily = true }: DemoOrdersInput,
): Promise<void> {
  const organizations = createOrganizationRepository(ctx.db);
  const organization = await organizations.findById(organizationId);
  if (!organization) return;
  // Transfers need the club's account: a demo IBAN unless one is configured.
  if (!organization.iban) {
    await organizations.update(organizationId, {
      iban: DEMO_IBAN,
      bic: DEMO_BIC,
      billingCountry: organization.billingCountry ?? 'BEL',
    });
  }
  const manager = await actorOf(ctx.db, organizationId, { email: managerEmail });
  const candidates = households.filter((h) => !h.isHolder);
  const used = new Set<string>();

  /**
   * A child of the right age for the activity on the session date: of `familyId` when given (the demo
   * parent's), else of another family that has no order yet.
   */
  function pick(key: string, start: Date, familyId?: string) {
    const [minAge, maxAge] = [activities.minAge(key), activities.maxAge(key)];
    for (const household of candidates) {
      if (familyId ? household.familyId !== familyId : household.familyId === parentFamilyId) continue;
      if (!familyId && used.has(`family:${household.familyId}`)) continue;
      const child = household.children.find((c) => {
        if (used.has(c.id)) return false;
        const age = ageInMonths(c.birthdate, start, organization!.timeZone);
        return (!minAge || age >= minAge) && (!maxAge || age <= maxAge);
      });
      if (!child) continue;
      used.add(child.id);
      used.add(`family:${household.familyId}`);
      return { household, child };
    }
    return undefined;
  }

  async function order(key: string, sessionIndex: number, plan: Plan) {
    const placedAt = new Date(now.getTime() - (plan.daysAgo ?? 3) * DAY_MS);
    // Only sessions a family could register for on that day (a period opens some weeks before it starts).
    const sessions = activities.upcoming(key, placedAt);
    const session = sessions[sessionIndex] ?? sessions[0];
    if (!session) return;
    const chosen = pick(key, session.startDateTime, plan.familyId);
    if (!chosen) return;
    const request = {
      family: await actorOf(ctx.db, organizationId, { userId: chosen.household.userId }),
      blueprintId: activities.blueprintId(key),
      serviceIds: [session.id],
      memberIds: [chosen.child.id],
      at: placedAt,
      // Tennis is on request (a protected activity): the manager accepts, the family confirms.
      approvedBy: key === 'tennis' ? manager : undefined,
    };
    if (plan.status === 'require-action') {
      await placeFailedOnlineOrder(ctx, request, ONLINE_HOLD_MINUTES);
      return;
    }
    const { order: placed } = await placeOrder(ctx, request);
    const dayAfter = new Date(placedAt.getTime() + DAY_MS);
    if (plan.status === 'completed') await payOrder(ctx, manager, placed.id, dayAfter);
    if (plan.status === 'cancelled') await cancelOrder(ctx, manager, placed.id, dayAfter);
  }

  // Football and Yoga keep their empty sessions: other demo screens and tests start from them.
  await order('dance', 0, { status: 'pending' });
  await order('dance', 1, { status: 'require-action' });
  await order('dance', 2, { status: 'completed' });
  await order('dance', 0, { status: 'cancelled' });
  await order('tennis', 0, { status: 'completed' });
  await order('tennis', 1, { status: 'pending', daysAgo: 20 });
  // The demo parent's family lives in the product from its first visit: Léa's dance session is paid
  // (an invoice settled), Tom's tennis session awaits its transfer (an invoice to pay); both upcoming.
  if (demoFamily) {
    await order('dance', 3, { status: 'completed', familyId: parentFamilyId });
    await order('tennis', 2, { status: 'pending', familyId: parentFamilyId, daysAgo: 2 });
  }
  // Statuses as of today: the old unpaid transfer is overdue, as the hourly job finds it.
  await markOverdueInvoices(ctx);
}
