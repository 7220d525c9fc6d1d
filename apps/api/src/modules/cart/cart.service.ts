import {
  type AddToCartInput,
  type AddToCartResult,
  type Cart,
  displayName,
  type Locale,
} from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { newId } from '../../lib/ids';
import type { AuthContext } from '../../lib/access';
import { createOrdersService } from '../orders/orders.service';
import { checkEligibility, type EligibilityRequest, judgeEligibility } from '../registrations/eligibility';
import {
  alreadyRegisteredRefusal,
  fullRefusal,
  type RefusalResult,
  refusal,
} from '../registrations/refusals';
import { insertWithSeat, releaseSeat } from '../registrations/seats.repository';
import { type CartRead, createCartRepository, onHold } from './cart.repository';
import { type AddedLine, cartFrom, familyOf } from './cart-view';
import { createCheckoutService } from './checkout.service';

/** How many sessions a whole period adds at most (the schema's limit for listed sessions). */
const MAX_PERIOD_SESSIONS = 200;

class SeatTaken extends Error {}

/** The family's cart: reserving seats (held for a while), removing lines, and checking out. */
export function createCartService(ctx: AppContext) {
  const orderService = createOrdersService(ctx);

  async function cartOf(organizationId: string, familyId: string, now: Date): Promise<Cart> {
    const read = await createCartRepository(ctx.db).view(organizationId, familyId);
    if (!read) throw new AppError('not_found');
    return cartFrom(read, now);
  }

  /**
   * A pair's checks; with `withCart`, the family's cart is read in the same round trip (the first pair
   * of a request: adding answers with the cart, and a refusal then costs nothing more).
   */
  async function checkPair(request: EligibilityRequest & { familyId: string }, now: Date, withCart: boolean) {
    if (!withCart) return { check: await checkEligibility(ctx, ctx.db, request, { now }), cart: undefined };
    const read = await createCartRepository(ctx.db).eligibilityWithCart(request, now);
    return { check: await judgeEligibility(ctx, ctx.db, request, read.facts, { now }), cart: read.cart };
  }

  /** Removes the family's lapsed cart lines (their seats go back), so they never block a new reservation. */
  async function purgeExpired(organizationId: string, familyId: string, now: Date) {
    const freed: string[] = [];
    const lapsed = await createCartRepository(ctx.db).expiredLines(organizationId, familyId, now);
    if (lapsed.length === 0) return;
    await ctx.db.transaction(async (tx) => {
      const repository = createCartRepository(tx);
      const rows = await repository.expiredLines(organizationId, familyId, now);
      for (const row of rows) {
        if (await releaseSeat(tx, organizationId, row.id)) freed.push(row.serviceId);
      }
      await repository.deleteLines(
        organizationId,
        rows.map((r) => r.id),
      );
    });
    await orderService.offerSeats(organizationId, freed);
  }

  return {
    ...createCheckoutService(ctx),

    cartOf,

    get(auth: AuthContext): Promise<Cart> {
      return cartOf(auth.organizationId, familyOf(auth), ctx.clock.now());
    },

    /**
     * Reserves each (session, member) pair that passes the checks: one statement per pair takes the
     * seat (conditional update) and inserts the participant, cart-linked and held for the organisation's
     * hold time. The other pairs come back refused, each with its message. A family's usual request (one
     * pair) costs two statements when added (facts and cart; seat and participant), one when refused.
     */
    async addItems(auth: AuthContext, input: AddToCartInput, locale: Locale): Promise<AddToCartResult> {
      const organizationId = auth.organizationId;
      const familyId = familyOf(auth);
      const now = ctx.clock.now();
      const repository = createCartRepository(ctx.db);
      let serviceIds = input.serviceIds;
      if (serviceIds === undefined) {
        if (!(await repository.periodExists(organizationId, input.periodId!)))
          throw new AppError('not_found');
        serviceIds = await repository.periodSessions(
          organizationId,
          input.blueprintId,
          input.periodId!,
          now,
          MAX_PERIOD_SESSIONS,
        );
      }
      const sessions = [...new Set(serviceIds)];
      const memberIds = [...new Set(input.memberIds)];

      const added: AddedLine[] = [];
      const refused: RefusalResult[] = [];
      /** The family's cart as read with the first pair (the lines added since are in `added`). */
      let cart: CartRead | undefined;
      let purged = false;

      for (const serviceId of sessions) {
        for (const memberId of memberIds) {
          const request = {
            organizationId,
            serviceId,
            memberId,
            familyId,
            supplementIds: input.supplementIds,
            locale,
            auth,
          };
          let checked = await checkPair(request, now, cart === undefined);
          cart = checked.cart ?? cart;
          // Lapsed lines of the family (the holds job has not run yet) may hold the very seat or
          // registration: they go first, then the pair is checked again (and the cart read again).
          if (!purged && cart && onHold(cart.lines, now).length < cart.lines.length) {
            await purgeExpired(organizationId, familyId, now);
            purged = true;
            checked = await checkPair(request, now, true);
            cart = checked.cart;
          }
          const check = checked.check;
          if (!check.ok) {
            refused.push(check.refusal);
            continue;
          }
          const { session, member, organization, price } = check;
          if (session.blueprintId !== input.blueprintId) {
            refused.push(refusal(serviceId, memberId, 'not-found', locale));
            continue;
          }
          const participantId = newId('reg');
          const holdExpiresAt = new Date(now.getTime() + organization.holdMinutes * 60_000);
          const chosen = price.supplements
            .map((s) => s.supplementId)
            .filter((id) => input.supplementIds.includes(id));
          try {
            const seated = await insertWithSeat(ctx.db, {
              organizationId,
              id: participantId,
              serviceId,
              memberId,
              familyId,
              status: 'reserved',
              cartLinked: true,
              holdExpiresAt,
              chosenSupplementIds: chosen,
              createdByUserId: auth.userId,
              now,
            });
            if (!seated) throw new SeatTaken();
          } catch (error) {
            const facts = {
              activityName: session.blueprintName,
              startDateTime: session.startDateTime,
              timeZone: organization.timeZone,
            };
            if (error instanceof SeatTaken) {
              refused.push(fullRefusal(serviceId, memberId, locale, facts));
              continue;
            }
            if (isUniqueViolation(error, 'participants_live_unique')) {
              const memberName = member.firstName || displayName(member, 'participant', locale);
              refused.push(
                alreadyRegisteredRefusal(serviceId, memberId, locale, {
                  ...facts,
                  memberName,
                  gender: member.gender,
                }),
              );
              continue;
            }
            throw error;
          }
          added.push({
            periodId: session.periodId,
            item: {
              participantId,
              member: { id: member.id, firstName: member.firstName, lastName: member.lastName },
              service: {
                id: session.id,
                blueprintId: session.blueprintId,
                blueprintName: session.blueprintName,
                colorCode: session.colorCode,
                startDateTime: session.startDateTime.toISOString(),
                duration: session.duration,
                status: session.status,
              },
              ...price,
              holdExpiresAt: holdExpiresAt.toISOString(),
            },
          });
        }
      }
      const result = cart ? cartFrom(cart, now, added) : await cartOf(organizationId, familyId, now);
      // The added lines as the cart prices them (a `once` supplement on one line only).
      const addedIds = new Set(added.map((a) => a.item.participantId));
      return {
        added: result.items.filter((i) => addedIds.has(i.participantId)),
        refused,
        cart: result,
      };
    },

    /** Removes a line of the family's cart: the seat goes back (and to the waiting list). */
    async removeItem(auth: AuthContext, participantId: string): Promise<Cart> {
      const organizationId = auth.organizationId;
      const familyId = familyOf(auth);
      const now = ctx.clock.now();
      let freedService: string | null = null;
      await ctx.db.transaction(async (tx) => {
        const repository = createCartRepository(tx);
        const line = await repository.findLine(organizationId, familyId, participantId);
        if (!line) throw new AppError('not_found');
        if (await releaseSeat(tx, organizationId, line.id)) freedService = line.serviceId;
        await repository.deleteLines(organizationId, [line.id]);
      });
      if (freedService) await orderService.offerSeats(organizationId, [freedService]);
      return cartOf(organizationId, familyId, now);
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
