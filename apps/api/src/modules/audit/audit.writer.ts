import type { AuditEvent } from '@inscrio/shared';
import type { Executor } from '../../db/client';
import { auditEvents } from '../../db/schema';
import { newId } from '../../lib/ids';

/**
 * Events the platform records beyond the specification's list (section 4), which stays as it is for the
 * labelled enumeration the screens show.
 */
export type PlatformAuditEvent =
  | 'user-deleted'
  | 'registration-moved'
  | 'payment-received'
  // The platform staff's actions on an organisation (modules/platform/organizations-admin.service.ts).
  | 'organization-archived'
  | 'organization-unarchived'
  | 'organization-maintenance-started'
  | 'organization-maintenance-ended'
  | 'organization-entered'
  | 'licence-plan-changed'
  /** A licence moved to another plan (its next plan, by a system administrator or the trial job). */
  | 'licence-changed'
  // Recovery tokens (modules/recovery): used on a session, extended or cancelled by a manager.
  | 'recovery-token-used'
  | 'recovery-token-extended'
  | 'recovery-token-cancelled';

export interface AuditEntry {
  organizationId: string;
  type: AuditEvent | PlatformAuditEvent;
  actorUserId?: string | null;
  impersonatorUserId?: string | null;
  subjectType?: string;
  subjectId?: string;
  data?: Record<string, unknown>;
  requestId?: string;
  ip?: string;
}

/** Appends to the audit trail; pass the transaction so the event exists only if the change commits. */
export function createAuditWriter(db: Executor) {
  return {
    async record(entry: AuditEntry, executor: Executor = db): Promise<void> {
      await executor.insert(auditEvents).values({ id: newId('aud'), data: {}, ...entry });
    },
  };
}

export type AuditWriter = ReturnType<typeof createAuditWriter>;
