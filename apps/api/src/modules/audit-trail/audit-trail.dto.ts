import { AUDIT_EVENTS, type AuditEventItem, type Locale } from '@inscrio/shared';
import type { AuditRow } from './audit-trail.repository';

const iso = (value: Date | string) => new Date(value).toISOString();

/** The events beyond the specification's list keep their code as label (the enumeration's fallback). */
export function toAuditEventItem(row: AuditRow, locale: Locale): AuditEventItem {
  const person = (userId: string | null, name: string | null) =>
    userId ? { userId, name: name ?? userId } : null;
  return {
    id: row.id,
    type: row.type,
    typeLabel: AUDIT_EVENTS.is(row.type) ? AUDIT_EVENTS.label(row.type, locale) : row.type,
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
