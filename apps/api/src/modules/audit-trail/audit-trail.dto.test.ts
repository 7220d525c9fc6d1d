import { describe, expect, it } from 'vitest';
import { toAuditEventItem } from './audit-trail.dto';
import type { AuditRow } from './audit-trail.repository';

const row = (type: string): AuditRow => ({
  id: 'aud_1',
  type,
  created_at: new Date('2026-11-28T10:00:00Z'),
  actor_user_id: null,
  actor_name: null,
  impersonator_user_id: null,
  impersonator_name: null,
  subject_type: null,
  subject_id: null,
  subject_label: null,
  member_user_id: null,
  participant_id: null,
  order_id: null,
  invoice_id: null,
});

describe('an audit event as the screen names it', () => {
  it("names the specification's events and the platform's own in the reader's language", () => {
    expect(toAuditEventItem(row('registration-created'), 'fr').typeLabel).toBe('Inscription créée');
    expect(toAuditEventItem(row('payment-received'), 'fr').typeLabel).toBe('Paiement reçu');
    expect(toAuditEventItem(row('recovery-token-used'), 'en').typeLabel).toBe('Recovery token used');
  });

  it('keeps the code of an event it does not know', () => {
    expect(toAuditEventItem(row('something-new'), 'fr').typeLabel).toBe('something-new');
  });
});
