import { z } from 'zod';
import { type BadgeVariant, defineEnum, type EnumValue } from '../enums';
import type { Locale } from '../locale';
import { firstIssue, optionalText, requiredInteger, requiredText } from '../validation/fields';
import { TEXT_LIMITS } from '../validation/limits';
import { message } from '../validation/messages';
import { entityIdField, pageQueryFields } from './service.schema';

/*
 * Communications to families (issue #20 part A, `/communications`). Routes:
 *
 * senders  GET /communications/recipients?target=&targetId= (families and people reached)
 *          POST /communications/attachments · POST /communications (sent in the background)
 *          GET /communications (what the caller may follow) · GET /communications/{id} (progress)
 *          POST /communications/{id}/retry (the failed recipients, again)
 * managers GET, PUT /communications/settings (messages per second)
 * families GET /communications/inbox · GET /communications/inbox/unread-count
 *          GET /communications/inbox/{id} (read: marks it read)
 */

/** Who a message goes to: the families of a session's, a period's or an activity's attendees, everyone, the holders. */
export const COMMUNICATION_TARGETS = defineEnum(['session', 'period', 'activity', 'everyone', 'holders'], {
  fr: {
    session: 'Participants d’une séance',
    period: 'Participants d’une période',
    activity: 'Participants d’une activité',
    everyone: 'Tout le monde',
    holders: 'Les titulaires',
  },
  en: {
    session: 'Attendees of a session',
    period: 'Attendees of a period',
    activity: 'Attendees of an activity',
    everyone: 'Everyone',
    holders: 'The holders',
  },
});
export type CommunicationTarget = EnumValue<typeof COMMUNICATION_TARGETS>;
/** The targets that name a session, a period or an activity. */
export const targetNeedsId = (target: CommunicationTarget): boolean =>
  target === 'session' || target === 'period' || target === 'activity';

/** One recipient address's sending: queued, sent, or failed with its reason. */
export const RECIPIENT_STATUSES = defineEnum(['queued', 'sending', 'sent', 'failed'], {
  fr: { queued: 'En attente', sending: 'En cours', sent: 'Envoyé', failed: 'Échec' },
  en: { queued: 'Queued', sending: 'Sending', sent: 'Sent', failed: 'Failed' },
});
export type RecipientStatus = EnumValue<typeof RECIPIENT_STATUSES>;
const RECIPIENT_BADGES: Record<RecipientStatus, BadgeVariant> = {
  queued: 'secondary',
  sending: 'secondary',
  sent: 'success',
  failed: 'destructive',
};
export const recipientBadgeVariant = (status: RecipientStatus): BadgeVariant => RECIPIENT_BADGES[status];

/** What a family's inbox holds: a manager's message, or one of the automatic e-mails. */
export const INBOX_KINDS = defineEnum(
  [
    'communication',
    'order-placed',
    'registration-cancelled',
    'refund-made',
    'session-cancelled',
    'session-moved',
    'session-reminder',
    'registration-review',
    'waiting-list-offer',
    'invitation',
    'payment-received',
    'invoice-reminder',
    'recovery-token',
  ],
  {
    fr: {
      communication: 'Message',
      'order-placed': 'Commande',
      'registration-cancelled': 'Annulation',
      'refund-made': 'Remboursement',
      'session-cancelled': 'Séance annulée',
      'session-moved': 'Séance déplacée',
      'session-reminder': 'Rappel de séance',
      'registration-review': 'Demande d’inscription',
      'waiting-list-offer': 'Place libérée',
      invitation: 'Invitation',
      'payment-received': 'Paiement reçu',
      'invoice-reminder': 'Rappel de paiement',
      'recovery-token': 'Récupération',
    },
    en: {
      communication: 'Message',
      'order-placed': 'Order',
      'registration-cancelled': 'Cancellation',
      'refund-made': 'Refund',
      'session-cancelled': 'Session cancelled',
      'session-moved': 'Session moved',
      'session-reminder': 'Session reminder',
      'registration-review': 'Registration request',
      'waiting-list-offer': 'Seat available',
      invitation: 'Invitation',
      'payment-received': 'Payment received',
      'invoice-reminder': 'Payment reminder',
      'recovery-token': 'Recovery',
    },
  },
);
export type InboxKind = EnumValue<typeof INBOX_KINDS>;

export const COMMUNICATION_LIMITS = {
  subject: TEXT_LIMITS.line,
  body: TEXT_LIMITS.message,
  attachments: 5,
  /** 5 MB: the largest attachment. */
  attachmentBytes: 5 * 1024 * 1024,
  /** The organisation's sending speed, in messages per second. */
  ratePerSecond: 10_000,
  /** The client's idempotency key (a uuid). */
  idempotencyKey: 100,
} as const;
export const COMMUNICATION_DEFAULT_RATE = 20;
/** What an attachment may be, recognised by its bytes. */
export const COMMUNICATION_ATTACHMENT_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/webp',
] as const;
export type CommunicationAttachmentType = (typeof COMMUNICATION_ATTACHMENT_TYPES)[number];

export const COMMUNICATION_MESSAGES = {
  targetIdRequired: {
    fr: 'Choisissez la séance, la période ou l’activité',
    en: 'Choose the session, period or activity',
  },
  englishPair: {
    fr: 'L’objet et le texte en anglais vont ensemble',
    en: 'The English subject and text go together',
  },
  emptyBody: { fr: 'Le message est vide', en: 'The message is empty' },
  fileRequired: { fr: 'Choisissez un fichier', en: 'Choose a file' },
} as const satisfies Record<string, Record<Locale, string>>;

const targetField = (locale: Locale) =>
  z.enum(COMMUNICATION_TARGETS.values, { error: message('choice', locale) });
const optionalId = (locale: Locale) => optionalText(locale, 0, TEXT_LIMITS.id);

/** `GET /communications/recipients`: the target whose reach is counted. */
export const recipientsQuerySchema = (locale: Locale) =>
  z.object({ target: targetField(locale), targetId: optionalId(locale) }).superRefine((value, ctx) => {
    if (targetNeedsId(value.target) && !value.targetId) {
      ctx.addIssue({
        code: 'custom',
        path: ['targetId'],
        message: COMMUNICATION_MESSAGES.targetIdRequired[locale],
      });
    }
  });
export type RecipientsQuery = z.infer<ReturnType<typeof recipientsQuerySchema>>;

export const recipientsCountSchema = z.object({ families: z.number().int(), people: z.number().int() });
export type RecipientsCount = z.infer<typeof recipientsCountSchema>;

/** `POST /communications`: the message in French (and optionally English), its target and attachments. */
export const createCommunicationSchema = (locale: Locale) =>
  z
    .strictObject(
      {
        idempotencyKey: requiredText(locale, 1, COMMUNICATION_LIMITS.idempotencyKey),
        target: targetField(locale),
        targetId: optionalId(locale),
        subjectFr: requiredText(locale, 1, COMMUNICATION_LIMITS.subject),
        bodyFr: requiredText(locale, 1, COMMUNICATION_LIMITS.body),
        subjectEn: optionalText(locale, 0, COMMUNICATION_LIMITS.subject),
        bodyEn: optionalText(locale, 0, COMMUNICATION_LIMITS.body),
        attachmentIds: z
          .array(entityIdField(locale), { error: message('list', locale) })
          .max(COMMUNICATION_LIMITS.attachments, {
            error: message('tooManyItems', locale, { max: COMMUNICATION_LIMITS.attachments }),
          })
          .default([]),
      },
      { error: message('object', locale) },
    )
    .superRefine((value, ctx) => {
      if (targetNeedsId(value.target) && !value.targetId) {
        ctx.addIssue({
          code: 'custom',
          path: ['targetId'],
          message: COMMUNICATION_MESSAGES.targetIdRequired[locale],
        });
      }
      if (Boolean(value.subjectEn) !== Boolean(value.bodyEn)) {
        ctx.addIssue({
          code: 'custom',
          path: [value.subjectEn ? 'bodyEn' : 'subjectEn'],
          message: COMMUNICATION_MESSAGES.englishPair[locale],
        });
      }
    });
export type CreateCommunicationInput = z.infer<ReturnType<typeof createCommunicationSchema>>;

export const communicationListQuerySchema = (locale: Locale) => z.object({ ...pageQueryFields(locale) });
export type CommunicationListQuery = z.infer<ReturnType<typeof communicationListQuerySchema>>;

/** `PUT /communications/settings`. */
export const communicationSettingsSchema = (locale: Locale) =>
  z.strictObject(
    {
      ratePerSecond: requiredInteger(locale, COMMUNICATION_LIMITS.ratePerSecond).min(1, {
        error: message('positive', locale),
        ...firstIssue,
      }),
    },
    { error: message('object', locale) },
  );
export type CommunicationSettings = z.infer<ReturnType<typeof communicationSettingsSchema>>;
export const communicationSettingsDtoSchema = z.object({ ratePerSecond: z.number().int() });

export const communicationAttachmentSchema = z.object({
  id: z.string(),
  fileName: z.string().nullable(),
  contentType: z.enum(COMMUNICATION_ATTACHMENT_TYPES),
  byteSize: z.number().int(),
});
export type CommunicationAttachment = z.infer<typeof communicationAttachmentSchema>;

const progressSchema = z.object({
  total: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  queued: z.number().int(),
});

export const communicationSummarySchema = z.object({
  id: z.string(),
  subject: z.string(),
  target: z.enum(COMMUNICATION_TARGETS.values),
  targetName: z.string().nullable(),
  families: z.number().int(),
  createdAt: z.string(),
  senderName: z.string(),
  progress: progressSchema,
});
export type CommunicationSummary = z.infer<typeof communicationSummarySchema>;

export const communicationListSchema = z.object({
  items: z.array(communicationSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const communicationRecipientSchema = z.object({
  email: z.string(),
  name: z.string(),
  status: z.enum(RECIPIENT_STATUSES.values),
  error: z.string().nullable(),
  sentAt: z.string().nullable(),
});

export const communicationDetailSchema = communicationSummarySchema.extend({
  subjectFr: z.string(),
  bodyFr: z.string(),
  subjectEn: z.string().nullable(),
  bodyEn: z.string().nullable(),
  attachments: z.array(communicationAttachmentSchema),
  /** The recipients not sent yet or failed first, at most 500. */
  recipients: z.array(communicationRecipientSchema),
});
export type CommunicationDetail = z.infer<typeof communicationDetailSchema>;

export const inboxItemSchema = z.object({
  id: z.string(),
  kind: z.enum(INBOX_KINDS.values),
  subject: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;

export const inboxListSchema = z.object({
  items: z.array(inboxItemSchema),
  total: z.number().int(),
  unread: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type InboxList = z.infer<typeof inboxListSchema>;

export const inboxMessageSchema = inboxItemSchema.extend({
  /** The communication it is (its attachments are read through it); null for an automatic e-mail. */
  communicationId: z.string().nullable(),
  /** Sanitised HTML (the server's allow-list). */
  html: z.string(),
  attachments: z.array(communicationAttachmentSchema),
});
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

export const unreadCountSchema = z.object({ unread: z.number().int() });
