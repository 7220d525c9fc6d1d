import { z } from 'zod';
import type { Locale } from '../locale';
import { optionalText, requiredEmail, requiredEnum, requiredText } from '../validation/fields';
import { TEXT_LIMITS } from '../validation/limits';

/*
 * Payloads of « Contacter l'administration » (`/contact-support`): threads between support staff or a
 * club's administrator and the platform's system administrators; and of the platform staff
 * (« Administrateurs et supports », `/members/all` in the system organisation).
 */

/** A thread's life: open (waits for the platform), answered (the platform wrote last), closed. */
export const SUPPORT_THREAD_STATUSES = ['open', 'answered', 'closed'] as const;
export type SupportThreadStatus = (typeof SUPPORT_THREAD_STATUSES)[number];

export const SUPPORT_THREAD_STATUS_LABELS: Record<SupportThreadStatus, Record<Locale, string>> = {
  open: { fr: 'Ouvert', en: 'Open' },
  answered: { fr: 'Répondu', en: 'Answered' },
  closed: { fr: 'Fermé', en: 'Closed' },
};

/** 5 MB: the largest attachment of a support message. */
export const SUPPORT_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
/** What an attachment may be, recognised by its bytes (the declared type is not trusted). */
export const SUPPORT_ATTACHMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'] as const;
export type SupportAttachmentType = (typeof SUPPORT_ATTACHMENT_TYPES)[number];

export const SUPPORT_LIMITS = { subject: 200, message: 5_000 } as const;

const attachmentIdField = (locale: Locale) => optionalText(locale, 0, TEXT_LIMITS.id);

/** A new thread: its subject, the first message and an attachment uploaded beforehand. */
export function createSupportThreadSchema(locale: Locale) {
  return z.object({
    subject: requiredText(locale, 1, SUPPORT_LIMITS.subject),
    message: requiredText(locale, 1, SUPPORT_LIMITS.message),
    attachmentId: attachmentIdField(locale),
  });
}
export type CreateSupportThreadInput = z.output<ReturnType<typeof createSupportThreadSchema>>;
/** The form's values (the file is picked in the form and uploaded on send). */
export type SupportThreadFormValues = z.input<ReturnType<typeof createSupportThreadSchema>>;

/** A reply in a thread. */
export function supportMessageSchema(locale: Locale) {
  return z.object({
    message: requiredText(locale, 1, SUPPORT_LIMITS.message),
    attachmentId: attachmentIdField(locale),
  });
}
export type SupportMessageInput = z.output<ReturnType<typeof supportMessageSchema>>;

export const supportThreadListQuerySchema = z.object({
  status: z.enum(SUPPORT_THREAD_STATUSES).optional(),
});

/** The platform staff's kinds: a system administrator or a support agent. */
export const STAFF_KINDS = ['system-admin', 'support'] as const;
export type StaffKind = (typeof STAFF_KINDS)[number];

export const STAFF_KIND_LABELS: Record<StaffKind, Record<Locale, string>> = {
  'system-admin': { fr: 'Administrateur système', en: 'System administrator' },
  support: { fr: 'Support', en: 'Support' },
};

/** Inviting a new member of the platform staff: an account bound to this address. */
export function inviteStaffSchema(locale: Locale) {
  return z.object({
    email: requiredEmail(locale),
    firstName: requiredText(locale, 1, TEXT_LIMITS.personName),
    lastName: requiredText(locale, 1, TEXT_LIMITS.personName),
    kind: requiredEnum(STAFF_KINDS, locale),
  });
}
export type InviteStaffInput = z.output<ReturnType<typeof inviteStaffSchema>>;
export type InviteStaffFormValues = z.input<ReturnType<typeof inviteStaffSchema>>;
