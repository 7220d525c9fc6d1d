import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { isApiError } from '@/lib/api-error';
import { useAuth } from '@/lib/auth-store';
import { notifyError } from '@/lib/notify';
import { attendanceSheetKey } from '../api/get-attendance-sheet';
import { sendMarks } from '../api/send-marks';
import type { AttendanceSheet } from '../api/types';
import {
  batchesOf,
  enqueue,
  type QueuedMark,
  type QueueStorage,
  queueKey,
  readQueue,
  withoutMarks,
  writeQueue,
} from '../utils/mark-queue';

/*
 * The device's queue of marks (utils/mark-queue.ts) as the screens use it: one snapshot per queue key
 * shared by every component, a mark shown at once and sent when the connection allows, the queue sent
 * again when the connection returns (`online`) and when a page using it loads.
 */

const NO_MARKS: QueuedMark[] = [];
const listeners = new Set<() => void>();
const snapshots = new Map<string, QueuedMark[]>();

function storage(): QueueStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const memory = new Map<string, string>();
/** Without `localStorage` (private modes may refuse it) the queue lives as long as the page. */
const fallback: QueueStorage = {
  getItem: (key) => memory.get(key) ?? null,
  setItem: (key, value) => void memory.set(key, value),
  removeItem: (key) => void memory.delete(key),
};

function read(key: string): QueuedMark[] {
  let snapshot = snapshots.get(key);
  if (!snapshot) {
    snapshot = readQueue(storage() ?? fallback, key);
    snapshots.set(key, snapshot);
  }
  return snapshot;
}

function update(key: string, change: (queue: QueuedMark[]) => QueuedMark[]): void {
  const next = change(read(key));
  snapshots.set(key, next);
  try {
    writeQueue(storage() ?? fallback, key, next);
  } catch {
    // A full storage: the marks stay in memory for this page, still sent when the connection allows.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A refusal the marks themselves caused (not the network, the session, or a server out of service). */
const refusedForGood = (error: unknown) =>
  isApiError(error) && error.status >= 400 && error.status < 500 && ![401, 408, 429].includes(error.status);

let flushing: Promise<void> | null = null;
let flushAgain = false;

/**
 * Sends the queue, one batch per session. A batch the API took leaves the queue and its answer becomes
 * the session's sheet; a network failure keeps everything for later; a batch the API refuses (the
 * session was cancelled meanwhile, a participant is no longer registered) is dropped, said, and the
 * sheet read again, so nothing wrong stays on screen or on the device.
 */
function flush(key: string, queryClient: QueryClient): Promise<void> {
  if (flushing) {
    flushAgain = true;
    return flushing;
  }
  flushing = (async () => {
    do {
      flushAgain = false;
      for (const batch of batchesOf(read(key))) {
        const markIds = batch.marks.map((m) => m.markId);
        try {
          const {
            stored: _stored,
            duplicates: _duplicates,
            ...sheet
          } = await sendMarks(batch.serviceId, batch.marks);
          update(key, (queue) => withoutMarks(queue, markIds));
          queryClient.setQueryData<AttendanceSheet>(attendanceSheetKey(batch.serviceId), sheet);
          void queryClient.invalidateQueries({ queryKey: ['attendance', 'services'] });
        } catch (error) {
          if (!refusedForGood(error)) return;
          update(key, (queue) => withoutMarks(queue, markIds));
          notifyError(error);
          void queryClient.invalidateQueries({ queryKey: attendanceSheetKey(batch.serviceId) });
        }
      }
    } while (flushAgain);
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

/** The signed-in user's queue in this organisation: what waits, and how to add a mark. */
export function useMarkQueue() {
  const { user, organization } = useAuth();
  const queryClient = useQueryClient();
  const key = user && organization ? queueKey(organization.id, user.id) : null;
  const pending = useSyncExternalStore(
    subscribe,
    () => (key ? read(key) : NO_MARKS),
    () => NO_MARKS,
  );

  const send = useCallback(() => (key ? flush(key, queryClient) : Promise.resolve()), [key, queryClient]);

  // On page load, and each time the connection returns.
  useEffect(() => {
    void send();
    window.addEventListener('online', send);
    return () => window.removeEventListener('online', send);
  }, [send]);

  const add = useCallback(
    (marks: readonly QueuedMark[]) => {
      if (!key || marks.length === 0) return;
      update(key, (queue) => marks.reduce(enqueue, queue));
      if (navigator.onLine !== false) void send();
    },
    [key, send],
  );

  return { pending, add };
}
