import { randomInt } from 'node:crypto';
import {
  type AddToCartInput,
  type AddToCartResult,
  type Cart,
  type CartItem,
  type CheckoutInput,
  type CheckoutResult,
  displayName,
  type Locale,
  type PaymentProvider,
  type SessionStatus,
  ageInMonths,
} from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { AppError, refused } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { newId } from '../../lib/ids';
import type { AuthContext } from '../../lib/access';

import { lineDescription, toCheckoutOrder } from '../orders/orders.dto';
import { type OrderLineView, type OrderRow, type PaymentRow } from '../orders/orders.repository';
import { createOrdersService } from '../orders/orders.service';
import { belgianReference, rfReference } from '../payments/offline/references';
import { startOrderPayment } from '../payments/order-payment';
import { buildInvoice, buyerSnapshot, orderInvoiceLines } from '../invoicing/invoice-lifecycle';
import { familyMailJobRow } from '../mail/family-mail-queue';
import {
  alreadyRegisteredRefusal,
  checkEligibility,
  type EligibilityRequest,
  fullRefusal,
  judgeEligibility,
  priceLine,
  type RefusalResult,
  refusal,
} from '../registrations/eligibility';
import { insertWithSeat, releaseSeat } from '../registrations/seats';
import { chargeOnceSupplements, type SupplementCharge } from '../registrations/supplement-charges';
import {
  type CartLine,
  type CartOrganization,
  type CartRead,
  createCartRepository,
  onHold,
} from './cart.repository';

/** How many sessions a whole period adds at most (the schema's limit for listed sessions). */
const MAX_PERIOD_SESSIONS = 200;
/** Belgian-style references are used by Belgian and Luxembourg organisations (domain brief §3). */
const OGM_COUNTRIES = new Set(['BEL', 'LUX']);

class SeatTaken extends Error {}

/** A family acts only in its own organisation (system staff visiting another one have no family there). */
function familyOf(auth: AuthContext): string {
  if (auth.organizationId !== auth.homeOrganizationId) throw new AppError('not_found');
  return auth.familyId;
}

/** 10 random digits, the base of a structured reference. */
const randomDigits = () =>
  String(randomInt(0, 100_000)).padStart(5, '0') + String(randomInt(0, 100_000)).padStart(5, '0');

/** A fresh structured reference, stored compact: 12 digits (Belgian OGM) or `RF…` (ISO 11649). */
function newReference(billingCountry: string | null): string {
  const base = randomDigits();
  if (OGM_COUNTRIES.has((billingCountry ?? 'BEL').toUpperCase())) {
    return belgianReference(base).replace(/\D/g, '');
  }
  return rfReference(base).replace(/\s/g, '');
}

/** What a family may pay with: the organisation's online provider when configured, and offline with an IBAN. */
export function paymentProvidersOf(organization: CartOrganization): PaymentProvider[] {
  const list: PaymentProvider[] = [];
  if (organization.paymentProvider === 'mollie' && organization.mollieConnected) list.push('mollie');
  if (
    organization.paymentProvider === 'buckaroo' &&
    organization.buckarooWebsiteKey &&
    organization.buckarooSecretKeyEncrypted
  ) {
    list.push('buckaroo');
  }
  if (organization.iban && organization.iban.trim() !== '') list.push('offline');
  return list;
}

/**
 * The priced lines of a cart, in its order: supplements by age on the session date, and the chosen ones,
 * each `once` supplement only on the first line of its member, activity and period and not when a live
 * order charged it already (`charged`).
 */
function priceLines(lines: CartLine[], timeZone: string, charged: readonly SupplementCharge[]) {
  const alone = lines.map((line) => {
    const age = line.birthdate ? ageInMonths(line.birthdate, line.startDateTime, timeZone) : null;
    return priceLine(line, line.supplements, age, line.chosenSupplementIds);
  });
  const prices = chargeOnceSupplements(
    lines.map((line, i) => ({ ...line, price: alone[i]! })),
    charged,
  );
  return lines.map((line, i) => ({ line, price: prices[i]! }));
}

type PricedLine = ReturnType<typeof priceLines>[number];

/** A line added by the current request, priced alone (`checkEligibility`), with its period. */
interface AddedLine {
  item: CartItem;
  periodId: string | null;
}

const toCartItem = ({ line, price }: PricedLine): CartItem => ({
  participantId: line.participantId,
  member: { id: line.memberId, firstName: line.firstName, lastName: line.lastName },
  service: {
    id: line.serviceId,
    blueprintId: line.blueprintId,
    blueprintName: line.blueprintName,
    colorCode: line.colorCode,
    startDateTime: line.startDateTime.toISOString(),
    duration: line.duration,
    status: line.status as SessionStatus,
  },
  ...price,
  holdExpiresAt: line.holdExpiresAt!.toISOString(),
});

/**
 * The cart of a family as read (lines still on hold at `now`, oldest first), with the lines added since
 * the read at the end; the `once` supplements charged on the first line of each member, activity and
 * period (`chargeOnceSupplements`), the added lines included.
 */
function cartFrom(read: CartRead, now: Date, added: AddedLine[] = []): Cart {
  const addedIds = new Set(added.map((a) => a.item.participantId));
  const lines = onHold(read.lines, now).filter((l) => !addedIds.has(l.participantId));
  const readItems = priceLines(lines, read.organization.timeZone, []).map(toCartItem);
  const chargeable = [
    ...lines.map((l, i) => ({ ...l, price: readItems[i]! })),
    ...added.map((a) => ({
      memberId: a.item.member.id,
      blueprintId: a.item.service.blueprintId,
      periodId: a.periodId,
      price: a.item,
    })),
  ];
  const prices = chargeOnceSupplements(chargeable, read.charged);
  const items = [...readItems, ...added.map((a) => a.item)].map((item, i) => {
    const { unitPrice, supplements, taxPercentage, totalAmount, taxAmount } = prices[i]!;
    return { ...item, unitPrice, supplements, taxPercentage, totalAmount, taxAmount };
  });
  const holds = items.map((i) => i.holdExpiresAt).sort();
  return {
    items,
    totalAmount: items.reduce((sum, i) => sum + i.totalAmount, 0),
    taxAmount: items.reduce((sum, i) => sum + i.taxAmount, 0),
    holdExpiresAt: holds[0] ?? null,
    paymentProviders: paymentProvidersOf(read.organization),
  };
}

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

    /**
     * Turns the family's cart into an order. Offline: a structured reference, participants confirmed at
     * once, the order waits for the transfer. Online: participants stay reserved (a fresh hold) until the
     * provider says paid; the payment starts once the order is written. A free order is completed at once.
     * Two statements, no transaction around them: the cart lines with the organisation, seller and buyer
     * are read, then the order is written with all it brings (its invoice, offline or free) in one
     * statement that first checks the lines are still the cart as read; a cart changed in between (a
     * second checkout of the family, a line removed or lapsed) is read again.
     */
    async checkout(auth: AuthContext, input: CheckoutInput): Promise<CheckoutResult> {
      const organizationId = auth.organizationId;
      const familyId = familyOf(auth);
      const now = ctx.clock.now();
      const repository = createCartRepository(ctx.db);

      const place = async () => {
        const cart = await repository.checkoutLines(organizationId, familyId, auth.userId);
        const lines = cart ? onHold(cart.lines, now) : [];
        if (!cart || lines.length === 0) throw refused('cart_empty');
        const { organization, seller, buyer } = cart;
        const allowed = paymentProvidersOf(organization);
        const priced = priceLines(lines, organization.timeZone, cart.charged);
        const totalAmount = priced.reduce((sum, p) => sum + p.price.totalAmount, 0);
        const taxAmount = priced.reduce((sum, p) => sum + p.price.taxAmount, 0);
        const free = totalAmount === 0;

        let provider: PaymentProvider;
        if (input.paymentProvider) {
          provider = input.paymentProvider;
          if (!free && !allowed.includes(provider)) {
            throw refused(
              provider === 'offline' ? 'offline_payment_unavailable' : 'payment_provider_unavailable',
            );
          }
        } else {
          const preferred = organization.paymentProvider as PaymentProvider;
          provider = allowed.includes(preferred) ? preferred : (allowed[0] ?? preferred);
          if (!free && allowed.length === 0) throw refused('no_payment_provider');
        }
        const offline = provider === 'offline';
        const confirmNow = offline || free;
        const orderId = newId('ord');
        const holdExpiresAt = confirmNow ? null : new Date(now.getTime() + organization.holdMinutes * 60_000);

        const order: OrderRow = {
          organizationId,
          id: orderId,
          familyId,
          userId: auth.userId,
          status: free ? 'completed' : 'pending',
          paymentProvider: provider,
          totalAmount,
          taxAmount,
          paidAmount: 0,
          creditedAmount: 0,
          structuredReference: null,
          locale: auth.locale,
          holdExpiresAt,
          paidAt: free ? now : null,
          cancelledAt: null,
          createdAt: now,
          updatedAt: now,
        };
        const lineRows = priced.map(({ line, price }, position) => ({
          organizationId,
          id: newId('orl'),
          orderId,
          participantId: line.participantId,
          serviceId: line.serviceId,
          memberId: line.memberId,
          description: lineDescription(
            line.blueprintName,
            line.startDateTime,
            organization.timeZone,
            displayName(line, 'participant', auth.locale),
            auth.locale,
          ),
          unitPrice: price.unitPrice,
          supplements: price.supplements,
          taxPercentage: price.taxPercentage,
          totalAmount: price.totalAmount,
          taxAmount: price.taxAmount,
          position,
        }));
        // Offline: the transfer awaited. Online: the payments service creates the attempt at the provider.
        const paymentRows: PaymentRow[] =
          offline && !free
            ? [
                {
                  organizationId,
                  id: newId('pay'),
                  orderId,
                  provider,
                  status: 'open',
                  amount: totalAmount,
                  refundedAmount: 0,
                  providerPaymentId: null,
                  checkoutUrl: null,
                  method: 'transfer',
                  receivedAt: null,
                  recordedByUserId: null,
                  createdAt: now,
                  updatedAt: now,
                },
              ]
            : [];
        const actor = { actorUserId: auth.userId, impersonatorUserId: auth.impersonatorUserId };
        const audit = lines.flatMap((l) => {
          const subject = {
            organizationId,
            ...actor,
            subjectType: 'participant',
            subjectId: l.participantId,
            data: { orderId, serviceId: l.serviceId, memberId: l.memberId },
          };
          return (
            confirmNow ? ['registration-created', 'registration-confirmed'] : ['registration-created']
          ).map((type) => ({ ...subject, id: newId('aud'), type }));
        });

        // Placed offline (or free): the invoice is issued with the order; online, once paid.
        const invoice = confirmNow
          ? buildInvoice({
              organizationId,
              orderId,
              familyId,
              memberId: buyer.member_id,
              issuedAt: now,
              locale: auth.locale,
              seller,
              buyer: buyerSnapshot(buyer),
              lines: orderInvoiceLines(
                priced.map(({ line }, i) => ({
                  ...lineRows[i]!,
                  blueprintId: line.blueprintId,
                  startDateTime: line.startDateTime,
                })),
                organization.timeZone,
                auth.locale,
              ),
            })
          : null;

        // One statement writes it all. A reference is random: on the (rare) clash with another order's,
        // nothing is written and another one is drawn.
        for (let attempt = 0; ; attempt++) {
          const reference = offline && !free ? newReference(organization.billingCountry) : null;
          if (invoice) invoice.invoice.structuredReference = reference;
          const outcome = await repository.writeOrder({
            order: { ...order, structuredReference: reference },
            lines: lineRows,
            payments: paymentRows,
            participantIds: lines.map((l) => l.participantId),
            confirm: confirmNow,
            holdExpiresAt,
            audit,
            invoice,
            mailJob: familyMailJobRow(organizationId, { kind: 'order-placed', orderId }),
          });
          if (outcome === 'cart-changed') return 'cart-changed' as const;
          if (outcome === 'written') {
            order.structuredReference = reference;
            break;
          }
          if (attempt >= 5) throw new Error('no free structured reference after 6 draws');
        }

        const lineViews: OrderLineView[] = priced.map(({ line }, i) => ({
          line: { ...lineRows[i]! },
          member: { id: line.memberId, firstName: line.firstName, lastName: line.lastName },
          service: {
            id: line.serviceId,
            blueprintId: line.blueprintId,
            blueprintName: line.blueprintName,
            colorCode: line.colorCode,
            startDateTime: line.startDateTime,
            duration: line.duration,
            status: line.status,
          },
          participantStatus: confirmNow ? 'confirmed' : 'reserved',
        }));
        return {
          order,
          buyer: { firstName: buyer.first_name, lastName: buyer.last_name },
          organization,
          lineViews,
          paymentRows,
          online: !confirmNow,
        };
      };
      let built = await place();
      // Changed again and again: only when the family keeps editing its cart meanwhile.
      for (let attempt = 1; built === 'cart-changed'; attempt++) {
        if (attempt > 3) throw refused('cart_empty');
        built = await place();
      }

      if (built.online) {
        const redirectUrl = await startOrderPayment(ctx, organizationId, built.order.id);
        return { order: await orderService.detailOf(organizationId, built.order.id), redirectUrl };
      }
      return {
        order: toCheckoutOrder({
          order: built.order,
          buyer: built.buyer,
          lines: built.lineViews,
          payments: built.paymentRows,
          organization: built.organization,
        }),
        redirectUrl: null,
      };
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
