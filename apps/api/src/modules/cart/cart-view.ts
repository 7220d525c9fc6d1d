import {
  ageInMonths,
  type Cart,
  type CartItem,
  type PaymentProvider,
  type SessionStatus,
} from '@inscrio/shared';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../../lib/access';
import { priceLine } from '../registrations/pricing';
import { chargeOnceSupplements, type SupplementCharge } from '../registrations/supplement-charges';
import { type CartLine, type CartOrganization, type CartRead, onHold } from './cart.repository';

// The cart as a family sees it (priced lines, totals, how it may pay), shared by the lines' and the
// checkout's use cases. Pure: the services read, these functions price.

/** A family acts only in its own organisation (system staff visiting another one have no family there). */
export function familyOf(auth: AuthContext): string {
  if (auth.organizationId !== auth.homeOrganizationId) throw new AppError('not_found');
  return auth.familyId;
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
export function priceLines(lines: CartLine[], timeZone: string, charged: readonly SupplementCharge[]) {
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
export interface AddedLine {
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
export function cartFrom(read: CartRead, now: Date, added: AddedLine[] = []): Cart {
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
