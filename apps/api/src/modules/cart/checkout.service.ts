import { randomInt } from 'node:crypto';
import { type CheckoutInput, type CheckoutResult, displayName, type PaymentProvider } from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { refused } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import type { AuthContext } from '../../lib/access';
import { toCheckoutOrder } from '../orders/orders.dto';
import { lineDescription } from '../registrations/line-description';
import { type OrderLineView, type OrderRow, type PaymentRow } from '../orders/orders.repository';
import { createOrdersService } from '../orders/orders.service';
import { startOrderPayment } from '../payments/order-payment';
import { belgianReference, rfReference } from '../../lib/transfer/references';
import { buildInvoice, buyerSnapshot, orderInvoiceLines } from '../invoicing/invoice-documents';
import { familyMailJobRow } from '../mail/family-mail-queue';
import { onHold } from './cart.repository';
import { createCheckoutRepository } from './checkout.repository';
import { familyOf, paymentProvidersOf, priceLines } from './cart-view';

/** Belgian-style references are used by Belgian and Luxembourg organisations (domain brief §3). */
const OGM_COUNTRIES = new Set(['BEL', 'LUX']);

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

/** The checkout: the family's cart becomes an order (with its payment, and its invoice when due at once). */
export function createCheckoutService(ctx: AppContext) {
  const orderService = createOrdersService(ctx);

  return {
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
      const repository = createCheckoutRepository(ctx.db);

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
