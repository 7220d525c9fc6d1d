import type { InboxKind } from '@inscrio/shared';
import type { Executor } from '../../db/client';
import { inboxMessages } from '../../db/schema';
import { newId } from '../../lib/ids';
import { sanitizeMessage } from '../../lib/rich-text';

/*
 * Each family's inbox (`/communications`): what it was sent, kept even if the e-mail went to spam. Low in
 * the module order so that every module that e-mails a family (family-mail, session-changes,
 * communications) records here, once per family and event: recording again is a no-op.
 */

export interface FamilyMessage {
  organizationId: string;
  familyId: string;
  kind: InboxKind;
  /** What makes it one message: `order-placed:<order>`, `communication:<id>`. */
  eventKey: string;
  /** A communication is read from its own row, in the reader's language. */
  communicationId?: string;
  /** An automatic e-mail as rendered (its HTML is sanitised here). */
  subject?: string;
  html?: string;
  at?: Date;
}

const rowOf = (message: FamilyMessage) => ({
  organizationId: message.organizationId,
  id: newId('inb'),
  familyId: message.familyId,
  kind: message.kind,
  eventKey: message.eventKey,
  communicationId: message.communicationId ?? null,
  subject: message.subject ?? null,
  html: message.html === undefined ? null : sanitizeMessage(message.html),
  ...(message.at ? { createdAt: message.at } : {}),
});

/** Records a message in a family's inbox (in the caller's transaction when given); once per event. */
export async function recordFamilyMessage(db: Executor, message: FamilyMessage): Promise<void> {
  await db.insert(inboxMessages).values(rowOf(message)).onConflictDoNothing();
}

/** Records many at once (a communication's families), by chunks. */
export async function recordFamilyMessages(db: Executor, messages: FamilyMessage[]): Promise<void> {
  for (let start = 0; start < messages.length; start += 1000) {
    await db
      .insert(inboxMessages)
      .values(messages.slice(start, start + 1000).map(rowOf))
      .onConflictDoNothing();
  }
}
