import { describe, expect, it } from 'vitest';
import {
  BATCH_SIZE,
  batchesOf,
  enqueue,
  type QueuedMark,
  queueKey,
  readQueue,
  withPending,
  withoutMarks,
  writeQueue,
} from './mark-queue';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}

let n = 0;
const mark = (
  participantId: string,
  kind: 'present' | 'absent',
  minute = 0,
  serviceId = 'svc_1',
): QueuedMark => ({
  markId: `m${++n}`,
  serviceId,
  participantId,
  mark: kind,
  note: null,
  markedAt: `2026-04-15T16:${String(minute).padStart(2, '0')}:00.000Z`,
});

describe('the attendance queue', () => {
  it('is kept per organisation and user, and survives a reload', () => {
    const storage = memoryStorage();
    const key = queueKey('org_demo', 'usr_1');
    writeQueue(storage, key, [mark('par_a', 'absent')]);
    expect(readQueue(storage, key)).toHaveLength(1);
    expect(readQueue(storage, queueKey('org_demo', 'usr_2'))).toEqual([]);
    expect(readQueue(storage, queueKey('org_other', 'usr_1'))).toEqual([]);
    // Emptied: the entry goes.
    writeQueue(storage, key, []);
    expect(storage.items.has(key)).toBe(false);
  });

  it('reads a broken or tampered entry as what it validly holds', () => {
    const storage = memoryStorage();
    storage.setItem('k', '{not json');
    expect(readQueue(storage, 'k')).toEqual([]);
    storage.setItem('k', JSON.stringify([mark('par_a', 'present'), { markId: 1 }, null]));
    expect(readQueue(storage, 'k').map((m) => m.participantId)).toEqual(['par_a']);
  });

  it('keeps one unsent mark per participant: the newer replaces the older', () => {
    const first = mark('par_a', 'absent', 1);
    const second = mark('par_a', 'present', 2);
    const queue = enqueue(enqueue(enqueue([], first), mark('par_b', 'absent', 1)), second);
    expect(queue.map((m) => [m.participantId, m.mark])).toEqual([
      ['par_b', 'absent'],
      ['par_a', 'present'],
    ]);
    // The same participant in another session is another mark.
    expect(enqueue(queue, mark('par_a', 'absent', 3, 'svc_2'))).toHaveLength(3);
  });

  it('drops the marks the API took, and only those', () => {
    const a = mark('par_a', 'absent');
    const b = mark('par_b', 'present');
    expect(withoutMarks([a, b], [a.markId])).toEqual([b]);
  });

  it('sends one batch per session, at most the API limit each', () => {
    const many = Array.from({ length: BATCH_SIZE + 2 }, (_, i) => mark(`par_${i}`, 'present'));
    const batches = batchesOf([...many, mark('par_x', 'absent', 0, 'svc_2')]);
    expect(batches.map((b) => [b.serviceId, b.marks.length])).toEqual([
      ['svc_1', BATCH_SIZE],
      ['svc_1', 2],
      ['svc_2', 1],
    ]);
  });

  it('shows the queued marks over the API answer, unless the API holds a newer one', () => {
    const server = [
      { id: 'par_a', mark: 'none' as const, note: null, markedAt: null },
      { id: 'par_b', mark: 'present' as const, note: null, markedAt: '2026-04-15T16:30:00.000Z' },
    ];
    const shown = withPending(server, [mark('par_a', 'absent', 5), mark('par_b', 'absent', 5)], 'svc_1');
    expect(shown.map((p) => p.mark)).toEqual(['absent', 'present']);
    expect(withPending(server, [mark('par_a', 'absent', 5, 'svc_2')], 'svc_1')[0]!.mark).toBe('none');
  });
});
