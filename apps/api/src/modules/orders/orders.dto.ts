import type {
  CheckoutResult,
  OrderDetail,
  OrderNextStep,
  OrderSummary,
  ParticipantStatus,
  PaymentProvider,
  PaymentStatus,
  RegistrationStatus,
  SessionStatus,
} from '@inscrio/shared';
import { amountDue as dueOf, displayName } from '@inscrio/shared';
import { EpcQrError, epcQrPayload, qrSvg } from '../../lib/transfer/epc-qr';
import { formatReferenceForTransfer } from '../../lib/transfer/references';
import type { OrderLineView, OrderOrganization, OrderRow, PaymentRow } from './orders.repository';

type CheckoutTransfer = CheckoutResult['order']['transfer'];

/*
 * The order shapes the API sends (`orderSummarySchema`, `orderDetailSchema` of the shared contracts). The
 * builders take plain rows so that checkout answers from what it just wrote, without reading it back.
 */

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export interface Buyer {
  firstName: string | null;
  lastName: string | null;
}

export function toOrderSummary(
  order: Pick<
    OrderRow,
    | 'id'
    | 'familyId'
    | 'status'
    | 'paymentProvider'
    | 'totalAmount'
    | 'paidAmount'
    | 'creditedAmount'
    | 'createdAt'
    | 'paidAt'
  >,
  buyer: Buyer,
  linesCount: number,
  /** Registrations not cancelled (all of them at checkout). */
  liveLinesCount = linesCount,
  invoiceNumber: string | null = null,
): OrderSummary {
  return {
    id: order.id,
    status: order.status as RegistrationStatus,
    paymentProvider: order.paymentProvider as PaymentProvider,
    totalAmount: order.totalAmount,
    paidAmount: order.paidAmount,
    creditedAmount: order.creditedAmount,
    amountDue: amountDue(order),
    family: { id: order.familyId, name: displayName(buyer, 'member') },
    linesCount,
    liveLinesCount,
    createdAt: order.createdAt.toISOString(),
    paidAt: iso(order.paidAt),
    invoiceNumber,
  };
}

/** What is still due: credit notes on the order's invoice take their part off (the shared `amountDue`). */
export const amountDue = (order: Pick<OrderRow, 'totalAmount' | 'paidAmount' | 'creditedAmount'>) =>
  dueOf(order);

const isOpen = (order: OrderRow) => order.status === 'pending' || order.status === 'require-action';

/** What the family should do next on its order page. */
export function nextStepOf(order: OrderRow, latest: PaymentRow | undefined): OrderNextStep {
  if (!isOpen(order) || amountDue(order) === 0) return 'none';
  if (order.paymentProvider === 'offline') return 'transfer';
  if (order.status === 'require-action') return 'retry-payment';
  if (latest?.status === 'pending') return 'wait-for-provider';
  if (latest?.status === 'open' && latest.checkoutUrl) return 'pay-online';
  return 'retry-payment';
}

/**
 * The bank transfer instructions of an offline order with an amount due: the organisation's account,
 * the structured reference as printed, and the EPC QR payload (BCD 002) banking apps scan.
 */
export function transferWithoutQrOf(order: OrderRow, organization: OrderOrganization): CheckoutTransfer {
  const due = amountDue(order);
  if (order.paymentProvider !== 'offline' || !isOpen(order) || due === 0) return null;
  if (!organization.iban || !order.structuredReference) return null;
  let epcPayload = '';
  try {
    epcPayload = epcQrPayload({
      bic: organization.bic,
      name: organization.name,
      iban: organization.iban,
      amountCents: due,
      reference: order.structuredReference,
    });
  } catch (error) {
    // A malformed IBAN or BIC entered by the organisation: the family still gets the written instructions.
    if (!(error instanceof EpcQrError)) throw error;
  }
  return {
    beneficiary: organization.name,
    iban: organization.iban,
    bic: organization.bic,
    amount: due,
    reference: formatReferenceForTransfer(order.structuredReference),
    epcPayload,
  };
}

/** The transfer instructions with the EPC QR code drawn (SVG), for the order page. */
export function transferOf(order: OrderRow, organization: OrderOrganization): OrderDetail['transfer'] {
  const transfer = transferWithoutQrOf(order, organization);
  if (!transfer) return null;
  const svg = transfer.epcPayload ? qrSvg(transfer.epcPayload, { title: transfer.reference }) : '';
  return { ...transfer, qrSvg: svg };
}

interface OrderDetailInput {
  order: OrderRow;
  buyer: Buyer;
  lines: OrderLineView[];
  payments: PaymentRow[];
  organization: OrderOrganization;
  /** The order's invoice number, once numbered (null at checkout, before the commit numbers it). */
  invoiceNumber?: string | null;
}

export const toOrderDetail = (input: OrderDetailInput): OrderDetail => ({
  ...orderDetailWithoutTransfer(input),
  transfer: transferOf(input.order, input.organization),
});

/**
 * The order as the checkout answers it: the order page reads the order again, so the QR code is not
 * drawn here (1–2 ms of CPU at every checkout).
 */
export const toCheckoutOrder = (input: OrderDetailInput): CheckoutResult['order'] => ({
  ...orderDetailWithoutTransfer(input),
  transfer: transferWithoutQrOf(input.order, input.organization),
});

function orderDetailWithoutTransfer(input: OrderDetailInput): Omit<OrderDetail, 'transfer'> {
  const { order, lines, payments } = input;
  const latest = payments.at(-1);
  const online = order.paymentProvider !== 'offline';
  return {
    ...toOrderSummary(
      order,
      input.buyer,
      lines.length,
      lines.filter((l) => l.participantStatus !== 'cancelled').length,
      input.invoiceNumber ?? null,
    ),
    taxAmount: order.taxAmount,
    lines: lines.map((l) => ({
      id: l.line.id,
      participantId: l.line.participantId,
      description: l.line.description,
      member: l.member,
      service: {
        id: l.service.id,
        blueprintId: l.service.blueprintId,
        blueprintName: l.service.blueprintName,
        colorCode: l.service.colorCode,
        startDateTime: l.service.startDateTime.toISOString(),
        duration: l.service.duration,
        status: l.service.status as SessionStatus,
      },
      unitPrice: l.line.unitPrice,
      // Lines ordered before supplements had a frequency were charged on every session.
      supplements: l.line.supplements.map((x) => ({ ...x, frequency: x.frequency ?? 'per-session' })),
      taxPercentage: l.line.taxPercentage,
      totalAmount: l.line.totalAmount,
      taxAmount: l.line.taxAmount,
      participantStatus: l.participantStatus as ParticipantStatus,
      creditedAmount: l.creditedAmount ?? 0,
    })),
    payments: payments.map((p) => ({
      id: p.id,
      provider: p.provider as PaymentProvider,
      status: p.status as PaymentStatus,
      amount: p.amount,
      refundedAmount: p.refundedAmount,
      method: p.method,
      receivedAt: iso(p.receivedAt),
      createdAt: p.createdAt.toISOString(),
    })),
    nextStep: nextStepOf(order, latest),
    checkoutUrl: online && isOpen(order) && latest?.status === 'open' ? (latest.checkoutUrl ?? null) : null,
    holdExpiresAt: online && isOpen(order) ? iso(order.holdExpiresAt) : null,
  };
}
