import { api } from '@/lib/api-client';
import type { QueuedMark } from '../utils/mark-queue';
import type { MarksResult } from './types';

/** A poor connection may hang a request: past this, the marks stay queued and go again later. */
const SEND_TIMEOUT_MS = 20_000;

/** `POST /attendance/services/{id}/marks`: a batch of marks of one session (idempotent by mark id). */
export function sendMarks(serviceId: string, marks: readonly QueuedMark[]): Promise<MarksResult> {
  return api.post<MarksResult>(
    `/attendance/services/${encodeURIComponent(serviceId)}/marks`,
    {
      marks: marks.map(({ markId, participantId, mark, note, markedAt }) => ({
        markId,
        participantId,
        mark,
        markedAt,
        ...(note ? { note } : {}),
      })),
    },
    { signal: AbortSignal.timeout(SEND_TIMEOUT_MS) },
  );
}
