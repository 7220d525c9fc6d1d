import { hasErrorCode } from '@/lib/api-error';
import { api } from '@/lib/api-client';
import type { SessionStatus } from '@/lib/api-types';

export type SessionCheck =
  | { status: 'valid'; session: SessionStatus }
  | { status: 'expired' }
  | { status: 'unknown' }
  /** The organisation is in maintenance (its members wait) or was archived (it is gone for them). */
  | { status: 'maintenance' }
  | { status: 'closed' };

/**
 * `GET /auth/session`, the authentication check run at each navigation (spec section 2). A 401 that
 * survives the client's refresh, or a 403 (this account may not act in this organisation), ends the
 * session; a network failure or a server error leaves the question open (the next call will tell).
 */
export async function checkSession(signal?: AbortSignal): Promise<SessionCheck> {
  try {
    const session = await api.get<SessionStatus>('/auth/session', { quietSessionEnd: true, signal });
    return { status: 'valid', session };
  } catch (error) {
    if (hasErrorCode(error, 'unauthenticated', 'session_expired', 'forbidden', 'organization_mismatch')) {
      return { status: 'expired' };
    }
    if (hasErrorCode(error, 'organization_in_maintenance')) return { status: 'maintenance' };
    if (hasErrorCode(error, 'organization_not_found')) return { status: 'closed' };
    if (signal?.aborted) throw error;
    return { status: 'unknown' };
  }
}
