import type { AttendanceMark } from '@inscrio/shared';

/*
 * The marks waiting on this device to reach the API: a bad connection at the pool side loses nothing.
 * Kept in `localStorage` per organisation and user, so another account on the same phone never sends
 * them. Pure functions over a storage: the page applies a mark on screen at once, queues it, and sends
 * the queue in batches when the connection allows; a mark leaves the queue once the API took it.
 */

export interface QueuedMark {
  /** Generated on the device: the API stores each mark id once, so a batch sent twice counts once. */
  markId: string;
  serviceId: string;
  participantId: string;
  mark: AttendanceMark;
  note: string | null;
  /** When it was made (ISO): the latest mark of a participant wins, whenever it arrives. */
  markedAt: string;
}

/** What the queue needs of `localStorage`. */
export type QueueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Most marks one request carries (the API's batch limit). */
export const BATCH_SIZE = 500;

export const queueKey = (organizationId: string, userId: string) =>
  `inscrio.attendance-queue.${organizationId}.${userId}`;

const isQueuedMark = (value: unknown): value is QueuedMark => {
  const mark = value as Partial<QueuedMark> | null;
  return (
    typeof mark === 'object' &&
    mark !== null &&
    typeof mark.markId === 'string' &&
    typeof mark.serviceId === 'string' &&
    typeof mark.participantId === 'string' &&
    (mark.mark === 'present' || mark.mark === 'absent') &&
    (mark.note === null || typeof mark.note === 'string') &&
    typeof mark.markedAt === 'string'
  );
};

/** The queued marks (a missing, unreadable or tampered entry reads as an empty queue, or its valid part). */
export function readQueue(storage: QueueStorage, key: string): QueuedMark[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isQueuedMark) : [];
  } catch {
    return [];
  }
}

export function writeQueue(storage: QueueStorage, key: string, queue: readonly QueuedMark[]): void {
  if (queue.length === 0) storage.removeItem(key);
  else storage.setItem(key, JSON.stringify(queue));
}

/**
 * The queue with `mark` added. A mark not sent yet for the same participant is replaced: the newer one
 * would win at the API anyway, and the older one never reached it.
 */
export function enqueue(queue: readonly QueuedMark[], mark: QueuedMark): QueuedMark[] {
  return [
    ...queue.filter((m) => !(m.serviceId === mark.serviceId && m.participantId === mark.participantId)),
    mark,
  ];
}

/** The queue without the marks the API took (or refused for good). */
export function withoutMarks(queue: readonly QueuedMark[], markIds: Iterable<string>): QueuedMark[] {
  const gone = new Set(markIds);
  return queue.filter((m) => !gone.has(m.markId));
}

/** The requests to send: one per session, at most `BATCH_SIZE` marks each, in the queue's order. */
export function batchesOf(queue: readonly QueuedMark[]): { serviceId: string; marks: QueuedMark[] }[] {
  const byService = new Map<string, QueuedMark[]>();
  for (const mark of queue) byService.set(mark.serviceId, [...(byService.get(mark.serviceId) ?? []), mark]);
  return [...byService].flatMap(([serviceId, marks]) =>
    Array.from({ length: Math.ceil(marks.length / BATCH_SIZE) }, (_, i) => ({
      serviceId,
      marks: marks.slice(i * BATCH_SIZE, (i + 1) * BATCH_SIZE),
    })),
  );
}

/** A participant as the API last answered it. */
export interface MarkedParticipant {
  id: string;
  mark: AttendanceMark | 'none';
  note: string | null;
  markedAt: string | null;
}

/** The participants as the screen shows them: the API's marks, overridden by newer marks still queued. */
export function withPending<P extends MarkedParticipant>(
  participants: readonly P[],
  queue: readonly QueuedMark[],
  serviceId: string,
): P[] {
  const pending = new Map(queue.filter((m) => m.serviceId === serviceId).map((m) => [m.participantId, m]));
  return participants.map((participant) => {
    const mark = pending.get(participant.id);
    if (!mark || (participant.markedAt !== null && participant.markedAt > mark.markedAt)) return participant;
    return { ...participant, mark: mark.mark, note: mark.note, markedAt: mark.markedAt };
  });
}

/** A new mark id (letters, digits and dashes, as the API accepts). */
export function newMarkId(): string {
  return globalThis.crypto.randomUUID();
}
