import { z } from 'zod';
import {
  PARTICIPANT_STATUSES,
  PAYMENT_PROVIDERS,
  REGISTRATION_STATUSES,
  SESSION_STATUSES,
  SUPPLEMENT_FREQUENCIES,
} from '../enums';
import { formatMoney } from '../format';
import type { Locale } from '../locale';
import { MONEY_LIMITS } from '../validation/limits';
import { message } from '../validation/messages';
import { entityIdField } from './service.schema';
import { cursorPageFields, listCursorField } from './list.schema';

/*
 * Registrations (participants), the cart, orders and payments: the request schemas the API validates and
 * the web forms use, and the response shapes both sides rely on. Routes:
 *
 * family   GET /cart · POST /cart/items · DELETE /cart/items/{participantId} · POST /cart/checkout
 *          POST /registrations/requests (age exception, waiting list, private activity)
 *          GET /me/registrations · POST /me/registrations/{id}/cancel|accept|decline
 *          GET /orders · GET /orders/{id} · POST /orders/{id}/retry-payment
 * managers GET /participants (registry) · POST /participants (direct) · POST /participants/{id}/move|cancel
 *          GET /reviews · POST /participants/{id}/review
 *          GET, POST /periods/{id}/invite-attendees
 *          POST /orders/{id}/payments/offline (payment received) · POST /orders/{id}/cancel
 * payments POST /payments/webhooks/mollie · POST /payments/webhooks/buckaroo · GET /payments/return/{orderId}
 *          GET /integrations/mollie/oauth/connect/{organizationId} · GET /integrations/mollie/oauth/callback
 *          DELETE /integrations/mollie/oauth/{organizationId} · GET /integrations/mollie/oauth/status/{organizationId}
 */

/** Payment attempt statuses; they only move forward (see DESIGN.md section 5, Payment). */
export const PAYMENT_STATUSES = [
  'open',
  'pending',
  'paid',
  'failed',
  'cancelled',
  'expired',
  'refunded',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Why a `needs-review` request exists. */
export const REVIEW_REASONS = ['age', 'waiting-list', 'visibility'] as const;
export type ReviewReason = (typeof REVIEW_REASONS)[number];

/** Why a session or member was refused when adding to the cart; each has a French and English message. */
export const REGISTRATION_REFUSALS = [
  'not-found',
  'not-open-yet',
  'self-registration-closed',
  'session-unavailable',
  'session-past',
  'too-young',
  'too-old',
  'already-registered',
  'overlap',
  'full',
  'conditions-not-accepted',
] as const;
export type RegistrationRefusal = (typeof REGISTRATION_REFUSALS)[number];

const idList = (locale: Locale, max: number) =>
  z
    .array(entityIdField(locale), { error: message('list', locale) })
    .min(1, { error: message('required', locale) })
    .max(max, { error: message('tooManyItems', locale, { max }) });

/**
 * `POST /cart/items`: the sessions (listed, or every upcoming one of a period for this activity) and the
 * family members who attend. Each (session, member) pair is checked on its own: the valid ones are
 * reserved, the others come back in `refused` with their message.
 */
export const addToCartSchema = (locale: Locale) =>
  z
    .object({
      blueprintId: entityIdField(locale),
      serviceIds: idList(locale, 200).optional(),
      periodId: entityIdField(locale).optional(),
      memberIds: idList(locale, 20),
      /** Optional supplements (those without an age bracket) chosen for every added line. */
      supplementIds: z
        .array(entityIdField(locale))
        .max(20, { error: message('tooManyItems', locale, { max: 20 }) })
        .default([]),
    })
    .refine((body) => body.serviceIds !== undefined || body.periodId !== undefined, {
      error: message('required', locale),
      path: ['serviceIds'],
    });
export type AddToCartInput = z.infer<ReturnType<typeof addToCartSchema>>;

/** `POST /cart/checkout`: the provider defaults to the organisation's. */
export const checkoutSchema = (locale: Locale) =>
  z.object({
    paymentProvider: z.enum(PAYMENT_PROVIDERS.values, { error: message('choice', locale) }).optional(),
  });
export type CheckoutInput = z.infer<ReturnType<typeof checkoutSchema>>;

/** What every request says besides its sessions and members: why, a note, the supplements chosen. */
const requestDetails = (locale: Locale) => ({
  reason: z.enum(REVIEW_REASONS, { error: message('choice', locale) }),
  note: z
    .string()
    .trim()
    .max(1000, { error: message('maxLength', locale, { max: 1000 }) })
    .optional(),
  /** Optional supplements chosen with the request: kept when it is accepted (and charged at checkout). */
  supplementIds: z
    .array(entityIdField(locale))
    .max(20, { error: message('tooManyItems', locale, { max: 20 }) })
    .optional(),
});

/** `POST /registrations/requests`: ask a manager (age exception, waiting list, private activity). */
export const registrationRequestSchema = (locale: Locale) =>
  z.object({
    serviceId: entityIdField(locale),
    memberId: entityIdField(locale),
    ...requestDetails(locale),
  });
export type RegistrationRequestInput = z.infer<ReturnType<typeof registrationRequestSchema>>;

/** The most sessions one request may ask for (a school year of weekly sessions). */
export const MAX_REQUEST_SESSIONS = 60;
/** The most family members one request may name. */
export const MAX_REQUEST_MEMBERS = 10;

/**
 * `POST /registrations/request-groups`: one request for a set of sessions of one activity (a whole term),
 * for one or several members: each member's sessions make one request the managers decide at once.
 */
export const registrationRequestGroupSchema = (locale: Locale) =>
  z.object({
    serviceIds: z
      .array(entityIdField(locale))
      .min(1, { error: message('required', locale) })
      .max(MAX_REQUEST_SESSIONS, { error: message('tooManyItems', locale, { max: MAX_REQUEST_SESSIONS }) }),
    memberIds: z
      .array(entityIdField(locale))
      .min(1, { error: message('required', locale) })
      .max(MAX_REQUEST_MEMBERS, { error: message('tooManyItems', locale, { max: MAX_REQUEST_MEMBERS }) }),
    ...requestDetails(locale),
  });
export type RegistrationRequestGroupInput = z.infer<ReturnType<typeof registrationRequestGroupSchema>>;

/** `POST /participants/{id}/review`: a manager accepts or refuses, with a message to the family. */
export const reviewDecisionSchema = (locale: Locale) =>
  z.object({
    decision: z.enum(['accept', 'refuse'], { error: message('choice', locale) }),
    message: z
      .string()
      .trim()
      .max(2000, { error: message('maxLength', locale, { max: 2000 }) })
      .optional(),
  });
export type ReviewDecisionInput = z.infer<ReturnType<typeof reviewDecisionSchema>>;

/** What became of each session of a request once decided ('full': no seat left, still waiting). */
export const reviewOutcomeSchema = z.object({
  participantId: z.string(),
  serviceId: z.string(),
  startDateTime: z.string(),
  outcome: z.enum(['accepted', 'waiting-list', 'refused', 'full']),
});
export type ReviewOutcome = z.infer<typeof reviewOutcomeSchema>;

/** `POST /participants`: a manager registers members directly (any visibility), confirmed at once. */
export const directRegistrationSchema = (locale: Locale) =>
  z.object({ serviceIds: idList(locale, 200), memberIds: idList(locale, 20) });
export type DirectRegistrationInput = z.infer<ReturnType<typeof directRegistrationSchema>>;

export const moveParticipantSchema = (locale: Locale) => z.object({ serviceId: entityIdField(locale) });

export const cancelParticipantSchema = (locale: Locale) =>
  z.object({
    reason: z
      .string()
      .trim()
      .max(500, { error: message('maxLength', locale, { max: 500 }) })
      .optional(),
    /**
     * Managers: send back what was paid for this registration (credit note + refund through the
     * payment). An unpaid registration's invoice line is always credited.
     */
    refund: z.boolean({ error: message('boolean', locale) }).optional(),
  });

/** `POST /periods/{id}/invite-attendees`. */
export const inviteAttendeesSchema = (locale: Locale) =>
  z.object({
    targetPeriodId: entityIdField(locale),
    /** Confirmed participants of this period to invite to the same weekly slot in the target period. */
    participantIds: idList(locale, 2000),
    /** ISO instant; defaults to now + the organisation's invitation delay. */
    deadline: z.iso.datetime({ offset: true, error: message('dateTime', locale) }).optional(),
  });
export type InviteAttendeesInput = z.infer<ReturnType<typeof inviteAttendeesSchema>>;

/** `POST /orders/{id}/payments/offline`: the transfer (or cash) a manager received. */
export const offlinePaymentSchema = (locale: Locale) =>
  z.object({
    /** Cents; defaults to what remains due. */
    amount: z
      .number({ error: message('number', locale) })
      .max(MONEY_LIMITS.documentCents, {
        error: message('amountTooLarge', locale, { max: formatMoney(MONEY_LIMITS.documentCents, locale) }),
      })
      .int()
      .positive()
      .optional(),
    /** yyyy-MM-dd; defaults to today. */
    receivedOn: z.iso.date({ error: message('date', locale) }).optional(),
    method: z.enum(['transfer', 'cash', 'other'], { error: message('choice', locale) }).default('transfer'),
  });
export type OfflinePaymentInput = z.infer<ReturnType<typeof offlinePaymentSchema>>;

const pageQuery = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};
const optionalId = z
  .string()
  .trim()
  .max(100)
  .regex(/^[A-Za-z0-9_-]*$/)
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/** `GET /participants` (Inscriptions) and `GET /reviews`. */
export const participantListQuerySchema = (locale: Locale) =>
  z.object(
    {
      ...pageQuery,
      periodId: optionalId,
      blueprintId: optionalId,
      serviceId: optionalId,
      memberId: optionalId,
      /** A family's registrations (the member page). */
      familyId: optionalId,
      status: z.enum(PARTICIPANT_STATUSES.values).optional(),
      /** Part of the member's name. */
      q: z.string().trim().max(100).optional(),
      after: listCursorField(locale),
    },
    { error: message('format', locale) },
  );
export type ParticipantListQuery = z.infer<ReturnType<typeof participantListQuerySchema>>;

/** `GET /orders`: a family sees its own; managers every order, filtered. */
export const orderListQuerySchema = (locale: Locale) =>
  z.object(
    {
      ...pageQuery,
      status: z.enum(REGISTRATION_STATUSES.values).optional(),
      familyId: optionalId,
      after: listCursorField(locale),
    },
    { error: message('format', locale) },
  );
export type OrderListQuery = z.infer<ReturnType<typeof orderListQuerySchema>>;

// ---------------------------------------------------------------------------------------------------
// Responses

const personRef = z.object({ id: z.string(), firstName: z.string(), lastName: z.string() });
const sessionRef = z.object({
  id: z.string(),
  blueprintId: z.string(),
  blueprintName: z.string(),
  colorCode: z.string(),
  startDateTime: z.string(),
  duration: z.number().int(),
  status: z.enum(SESSION_STATUSES.values),
});

export const participantDtoSchema = z.object({
  id: z.string(),
  status: z.enum(PARTICIPANT_STATUSES.values),
  member: personRef,
  familyId: z.string(),
  service: sessionRef,
  cartLinked: z.boolean(),
  holdExpiresAt: z.string().nullable(),
  invitationExpiresAt: z.string().nullable(),
  reviewReason: z.enum(REVIEW_REASONS).nullable(),
  reviewNote: z.string().nullable(),
  reviewAnswer: z.string().nullable(),
  orderId: z.string().nullable(),
  createdAt: z.string(),
  /** Whether the viewer may cancel it now (family: before the session, within the organisation's rules). */
  canCancel: z.boolean(),
});
export type ParticipantDto = z.infer<typeof participantDtoSchema>;

/** `POST /participants/{id}/review`: the request as decided, and what became of each of its sessions. */
export const reviewDecisionResultSchema = participantDtoSchema.extend({
  outcomes: z.array(reviewOutcomeSchema),
});
export type ReviewDecisionResult = z.infer<typeof reviewDecisionResultSchema>;

/** `POST /registrations/request-groups`: the requests filed, and the sessions that could not be asked. */
export const registrationRequestGroupResultSchema = z.object({
  requests: z.array(participantDtoSchema),
  refused: z.array(
    z.object({ serviceId: z.string(), memberId: z.string(), reason: z.string(), message: z.string() }),
  ),
});
export type RegistrationRequestGroupResult = z.infer<typeof registrationRequestGroupResultSchema>;

export const participantPageSchema = z.object({
  items: z.array(participantDtoSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  ...cursorPageFields,
});
export type ParticipantPage = z.infer<typeof participantPageSchema>;

/** A supplement charged on a line (cents): its own line in the cart, the order and the invoice. */
export const priceSupplementLineSchema = z.object({
  supplementId: z.string(),
  name: z.string(),
  price: z.number().int(),
  frequency: z.enum(SUPPLEMENT_FREQUENCIES.values),
});

export const cartItemSchema = z.object({
  participantId: z.string(),
  member: personRef,
  service: sessionRef,
  /** Cents, VAT included. */
  unitPrice: z.number().int(),
  supplements: z.array(priceSupplementLineSchema),
  taxPercentage: z.number().int(),
  totalAmount: z.number().int(),
  taxAmount: z.number().int(),
  holdExpiresAt: z.string(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const cartSchema = z.object({
  items: z.array(cartItemSchema),
  totalAmount: z.number().int(),
  taxAmount: z.number().int(),
  /** The earliest hold among the items: the countdown shown to the family. Null when empty. */
  holdExpiresAt: z.string().nullable(),
  /** The providers the family may choose at checkout (the organisation's, and offline when an IBAN is set). */
  paymentProviders: z.array(z.enum(PAYMENT_PROVIDERS.values)),
});
export type Cart = z.infer<typeof cartSchema>;

export const refusalSchema = z.object({
  serviceId: z.string(),
  memberId: z.string(),
  reason: z.enum(REGISTRATION_REFUSALS),
  message: z.string(),
  /** What the family may ask instead: an age exception, or a place on the waiting list. */
  canRequest: z.enum(REVIEW_REASONS).nullable(),
});
export type Refusal = z.infer<typeof refusalSchema>;

export const addToCartResultSchema = z.object({
  added: z.array(cartItemSchema),
  refused: z.array(refusalSchema),
  cart: cartSchema,
});
export type AddToCartResult = z.infer<typeof addToCartResultSchema>;

export const orderLineSchema = z.object({
  id: z.string(),
  participantId: z.string(),
  description: z.string(),
  member: personRef,
  service: sessionRef,
  unitPrice: z.number().int(),
  supplements: z.array(priceSupplementLineSchema),
  taxPercentage: z.number().int(),
  totalAmount: z.number().int(),
  taxAmount: z.number().int(),
  participantStatus: z.enum(PARTICIPANT_STATUSES.values),
  /** Cents of this line taken off by credit notes (a cancelled registration's credit). */
  creditedAmount: z.number().int(),
});

export const paymentDtoSchema = z.object({
  id: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS.values),
  status: z.enum(PAYMENT_STATUSES),
  amount: z.number().int(),
  refundedAmount: z.number().int(),
  method: z.string().nullable(),
  receivedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type PaymentDto = z.infer<typeof paymentDtoSchema>;

/** What a family needs to pay by transfer. */
export const transferInstructionsSchema = z.object({
  beneficiary: z.string(),
  iban: z.string(),
  bic: z.string().nullable(),
  /** Cents still due. */
  amount: z.number().int(),
  /** As printed: `+++123/4567/89012+++` or `RF18 5390 0754 7034`. */
  reference: z.string(),
  /** The EPC QR (BCD 002) payload and its SVG image. */
  epcPayload: z.string(),
  qrSvg: z.string(),
});
export type TransferInstructions = z.infer<typeof transferInstructionsSchema>;

export const orderSummarySchema = z.object({
  id: z.string(),
  status: z.enum(REGISTRATION_STATUSES.values),
  paymentProvider: z.enum(PAYMENT_PROVIDERS.values),
  totalAmount: z.number().int(),
  paidAmount: z.number().int(),
  /** Cents taken off by credit notes on the order's invoice. */
  creditedAmount: z.number().int(),
  /** What is still to pay: total − credited − paid, never below 0 (`amountDue`). Every screen reads it. */
  amountDue: z.number().int(),
  family: z.object({ id: z.string(), name: z.string() }),
  linesCount: z.number().int(),
  /** Registrations of the order that are not cancelled. */
  liveLinesCount: z.number().int(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /**
   * The number of the order's invoice ('2026-000123'), null before it is numbered: with the date, what
   * names an order for a family (« Commande du 27/11/2026 · Facture 2026-000123 »), never its id.
   */
  invoiceNumber: z.string().nullable(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderPageSchema = z.object({
  items: z.array(orderSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  ...cursorPageFields,
});
export type OrderPage = z.infer<typeof orderPageSchema>;

/** What the order page tells the family to do next. */
export const ORDER_NEXT_STEPS = [
  'transfer',
  'pay-online',
  'retry-payment',
  'wait-for-provider',
  'none',
] as const;
export type OrderNextStep = (typeof ORDER_NEXT_STEPS)[number];

export const orderDetailSchema = orderSummarySchema.extend({
  taxAmount: z.number().int(),
  lines: z.array(orderLineSchema),
  payments: z.array(paymentDtoSchema),
  /** Offline orders with an amount still due. */
  transfer: transferInstructionsSchema.nullable(),
  nextStep: z.enum(ORDER_NEXT_STEPS),
  /** Online: the provider's checkout page of the open payment, if any. */
  checkoutUrl: z.string().nullable(),
  holdExpiresAt: z.string().nullable(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const checkoutResultSchema = z.object({
  /** The order placed; its transfer instructions come without the QR image (the order page has it). */
  order: orderDetailSchema.extend({ transfer: transferInstructionsSchema.omit({ qrSvg: true }).nullable() }),
  /** Online: send the family there to pay. */
  redirectUrl: z.string().nullable(),
});
export type CheckoutResult = z.infer<typeof checkoutResultSchema>;

/** `GET /integrations/mollie/oauth/status/{organizationId}`. */
export const mollieStatusSchema = z.object({
  status: z.enum(['unset', 'onboarding', 'ready', 'disconnected']),
  /** Onboarding: where the organisation completes its compliance steps. */
  dashboardUrl: z.string().nullable(),
});
export type MollieStatusDto = z.infer<typeof mollieStatusSchema>;

// ---------------------------------------------------------------------------------------------------
// Registry (managers), reviews, invitations and 'Mes activités' (registry helper)

/** `POST /participants`: the pairs registered (confirmed), and the others with their message. */
export const directRegistrationResultSchema = z.object({
  registered: z.array(participantDtoSchema),
  refused: z.array(refusalSchema),
});
export type DirectRegistrationResult = z.infer<typeof directRegistrationResultSchema>;

/** `GET /periods/{id}/invite-attendees?targetPeriodId=`. */
export const inviteAttendeesQuerySchema = (locale: Locale) =>
  z.object({ targetPeriodId: entityIdField(locale) }, { error: message('object', locale) });

/**
 * A confirmed attendee of the period and the session it would be invited to: same activity, same weekday
 * and time of day (organisation's time zone), same rank among those sessions of its period; null if none.
 */
export const inviteAttendeeCandidateSchema = z.object({
  participantId: z.string(),
  member: personRef,
  familyId: z.string(),
  service: sessionRef,
  target: sessionRef.nullable(),
  /** The member already has a live registration on the target session. */
  alreadyRegistered: z.boolean(),
});
export type InviteAttendeeCandidate = z.infer<typeof inviteAttendeeCandidateSchema>;

export const inviteAttendeesPreviewSchema = z.object({
  periodId: z.string(),
  targetPeriodId: z.string(),
  items: z.array(inviteAttendeeCandidateSchema),
});
export type InviteAttendeesPreview = z.infer<typeof inviteAttendeesPreviewSchema>;

/** Why an attendee was not invited. */
export const INVITE_SKIP_REASONS = [
  'not-found',
  'no-matching-session',
  'session-past',
  'already-registered',
  'full',
] as const;
export type InviteSkipReason = (typeof INVITE_SKIP_REASONS)[number];

export const inviteAttendeesResultSchema = z.object({
  /** ISO instant the invitations expire. */
  deadline: z.string(),
  invited: z.array(z.object({ sourceParticipantId: z.string(), participant: participantDtoSchema })),
  skipped: z.array(
    z.object({
      participantId: z.string(),
      reason: z.enum(INVITE_SKIP_REASONS),
      message: z.string(),
    }),
  ),
});
export type InviteAttendeesResult = z.infer<typeof inviteAttendeesResultSchema>;

/** `GET /me/registrations` ('Mes activités'): upcoming sessions first, or past ones latest first. */
export const myRegistrationsQuerySchema = (locale: Locale) =>
  z.object(
    {
      ...pageQuery,
      scope: z.enum(['upcoming', 'past']).default('upcoming'),
      memberId: optionalId,
      /** One activity's registrations (its page shows the family's pending requests). */
      blueprintId: optionalId,
    },
    { error: message('object', locale) },
  );
export type MyRegistrationsQuery = z.infer<ReturnType<typeof myRegistrationsQuerySchema>>;

// ---------------------------------------------------------------------------------------------------
// Review queue (manager web helper): what « A traiter » shows beside each request

/**
 * One row of `GET /reviews`: the request, plus the member's age on the session's day and the activity's
 * age range (months, null when unknown or unbounded), so a manager judges an age exception at a glance.
 */
export const reviewItemSchema = participantDtoSchema.extend({
  /** Age in months on the session's date; null without a birthdate. */
  memberAgeMonths: z.number().int().nullable(),
  /** The activity's limits in months (null: none). */
  minAge: z.number().int().nullable(),
  maxAge: z.number().int().nullable(),
  /** Who to reach in the family (its first account holder): null when the family has no account. */
  familyContact: z
    .object({ name: z.string(), email: z.string().nullable(), phone: z.string().nullable() })
    .nullable(),
  /**
   * Every session of the request, earliest first (the item's own fields are the first one's): a term
   * asked once is one item, decided at once with `POST /participants/{id}/review`.
   */
  sessions: z.array(
    z.object({
      participantId: z.string(),
      service: sessionRef,
      memberAgeMonths: z.number().int().nullable(),
      minAge: z.number().int().nullable(),
      maxAge: z.number().int().nullable(),
    }),
  ),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;

export const reviewPageSchema = z.object({
  items: z.array(reviewItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ReviewPage = z.infer<typeof reviewPageSchema>;
