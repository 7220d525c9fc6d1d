import { AUDIT_EVENTS, type AuditEventItem, type Locale } from '@inscrio/shared';
import type { PlatformAuditEvent } from '../audit/audit.writer';
import type { AuditRow } from './audit-trail.repository';

const iso = (value: Date | string) => new Date(value).toISOString();

/** The events the platform records beyond the specification's list, named for the screen and the CSV. */
const PLATFORM_EVENT_LABELS: Record<Locale, Record<PlatformAuditEvent, string>> = {
  fr: {
    'user-deleted': 'Compte supprimé',
    'registration-moved': 'Inscription déplacée',
    'payment-received': 'Paiement reçu',
    'organization-archived': 'Organisation archivée',
    'organization-unarchived': 'Organisation réactivée',
    'organization-maintenance-started': 'Maintenance commencée',
    'organization-maintenance-ended': 'Maintenance terminée',
    'organization-entered': 'Accès du support',
    'licence-plan-changed': 'Formule changée',
    'licence-changed': 'Licence changée',
    'recovery-token-used': 'Récupération utilisée',
    'recovery-token-extended': 'Récupération prolongée',
    'recovery-token-cancelled': 'Récupération annulée',
  },
  en: {
    'user-deleted': 'Account deleted',
    'registration-moved': 'Registration moved',
    'payment-received': 'Payment received',
    'organization-archived': 'Organisation archived',
    'organization-unarchived': 'Organisation reactivated',
    'organization-maintenance-started': 'Maintenance started',
    'organization-maintenance-ended': 'Maintenance ended',
    'organization-entered': 'Support access',
    'licence-plan-changed': 'Plan changed',
    'licence-changed': 'Licence changed',
    'recovery-token-used': 'Recovery token used',
    'recovery-token-extended': 'Recovery token extended',
    'recovery-token-cancelled': 'Recovery token cancelled',
  },
};

const labelOf = (type: string, locale: Locale): string =>
  AUDIT_EVENTS.is(type)
    ? AUDIT_EVENTS.label(type, locale)
    : (PLATFORM_EVENT_LABELS[locale][type as PlatformAuditEvent] ?? type);

export function toAuditEventItem(row: AuditRow, locale: Locale): AuditEventItem {
  const person = (userId: string | null, name: string | null) =>
    userId ? { userId, name: name ?? userId } : null;
  return {
    id: row.id,
    type: row.type,
    typeLabel: labelOf(row.type, locale),
    createdAt: iso(row.created_at),
    actor: person(row.actor_user_id, row.actor_name),
    impersonator: person(row.impersonator_user_id, row.impersonator_name),
    subject:
      row.subject_type && row.subject_id
        ? { type: row.subject_type, id: row.subject_id, label: row.subject_label || row.subject_id }
        : null,
    links: {
      memberUserId: row.member_user_id,
      participantId: row.participant_id,
      orderId: row.order_id,
      invoiceId: row.invoice_id,
    },
  };
}
