import type { Actor, SupportAttachmentType, SupportStanding, SupportThreadStatus } from '@inscrio/shared';
import { detectImageType } from '../../lib/image-type';

/** The route-level gate: system administrators, support and administrators (the service refines). */
export const maySeekSupport = (actor: Actor | null | undefined): boolean =>
  actor != null && (actor.isSystemAdmin || actor.role === 'support' || actor.role === 'admin');

export interface ThreadFacts {
  organizationId: string;
  authorUserId: string;
}

export interface Reader {
  standing: SupportStanding;
  userId: string;
  homeOrganizationId: string;
}

/** Whether the reader may see (and write in) the thread: all for the platform, their own for the others. */
export function mayReadThread(reader: Reader, thread: ThreadFacts): boolean {
  switch (reader.standing) {
    case 'platform':
      return true;
    case 'support':
      return thread.organizationId === reader.homeOrganizationId && thread.authorUserId === reader.userId;
    case 'club-admin':
      return thread.organizationId === reader.homeOrganizationId;
    case 'none':
      return false;
  }
}

/**
 * A thread's status after a message: a system administrator's answer makes it answered, the author's
 * side reopens it. A closed thread takes no message (the caller refuses before).
 */
export function statusAfterMessage(fromPlatform: boolean): SupportThreadStatus {
  return fromPlatform ? 'answered' : 'open';
}

const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

/** What a support attachment really is, by its bytes: a PDF or an image; undefined for anything else. */
export function detectAttachmentType(data: Uint8Array): SupportAttachmentType | undefined {
  if (data.length >= PDF_SIGNATURE.length && PDF_SIGNATURE.every((byte, i) => data[i] === byte)) {
    return 'application/pdf';
  }
  return detectImageType(data);
}
