import { type Actor, isPlatformAdmin, isPlatformStaff } from '@inscrio/shared';
import type { ErrorCode } from '@inscrio/shared';

/** What a platform staff member may do with the organisations: act (system administrator) or read (support). */
export type PlatformRight = 'act' | 'read';

/**
 * The caller's right on the platform's organisations, from the organisation their account belongs to
 * and their role: system administrators (flag, or the administrator role of the system organisation) act,
 * support reads; anyone else, or anyone of another organisation, has none.
 */
export function platformRight(homeOrganizationId: string, actor: Actor): PlatformRight | null {
  if (isPlatformAdmin(actor, homeOrganizationId)) return 'act';
  return isPlatformStaff(actor, homeOrganizationId) ? 'read' : null;
}

export type StateAction = 'archive' | 'unarchive' | 'maintenance-on' | 'maintenance-off';

export interface StateFacts {
  isSystem: boolean;
  maintenance: boolean;
  archived: boolean;
}

/**
 * Whether a change of state may happen: the system organisation is never archived nor put in
 * maintenance. Asking for the state the organisation already has is accepted and changes nothing
 * (`changes: false`), so a repeated click or a retry is harmless and records no second event.
 */
export function decideStateChange(
  facts: StateFacts,
  action: StateAction,
): { refusal: ErrorCode } | { changes: boolean } {
  if (facts.isSystem && (action === 'archive' || action === 'maintenance-on')) {
    return { refusal: 'system_organization_locked' };
  }
  switch (action) {
    case 'archive':
      return { changes: !facts.archived };
    case 'unarchive':
      return { changes: facts.archived };
    case 'maintenance-on':
      return { changes: !facts.maintenance };
    case 'maintenance-off':
      return { changes: facts.maintenance };
  }
}
