import { addToCartSchema } from '@inscrio/shared';
import { describe, expect, it } from 'vitest';
import { catalogDetail, catalogSession } from '../../testing/fixtures';
import {
  ageSessions,
  chosenSessions,
  emptyRegisterValues,
  isBookable,
  isFull,
  optionalSupplements,
  pairKey,
  type RegisterFormValues,
  requestServiceIds,
  sessionGroups,
  toAddToCartPayload,
  toggleId,
  withRequested,
} from './register-form-model';

const seats = { maxSeats: 15, reservedSeats: 3, freeSeats: 12, fillingRate: 20 };
const session = catalogSession;
const values = (overrides: Partial<RegisterFormValues>): RegisterFormValues => ({
  ...emptyRegisterValues(),
  ...overrides,
});
const bookable = [
  session('a', 'p1', 10),
  session('b', 'p1', 17),
  session('c', 'p2', 24),
  session('d', null, 31),
];

describe('isBookable and isFull', () => {
  const now = Date.parse('2027-01-15T00:00:00.000Z');
  it('keeps the sessions to come that are not cancelled', () => {
    expect(isBookable(session('x', null, 17), now)).toBe(true);
    expect(isBookable(session('x', null, 10), now)).toBe(false);
    expect(isBookable(session('x', null, 17, { status: 'cancelled' }), now)).toBe(false);
    expect(isBookable(session('x', null, 17, { status: 'postponed' }), now)).toBe(true);
  });
  it('calls a session without a free seat full', () => {
    expect(isFull(session('x', null))).toBe(false);
    expect(isFull(session('x', null, 10, { seats: { ...seats, freeSeats: 0 } }))).toBe(true);
  });
});

describe('toggleId', () => {
  it('adds at the end once, and takes out', () => {
    expect(toggleId(['a'], 'b', true)).toEqual(['a', 'b']);
    expect(toggleId(['a', 'b'], 'a', true)).toEqual(['b', 'a']);
    expect(toggleId(['a', 'b'], 'a', false)).toEqual(['b']);
    expect(toggleId([], 'a', false)).toEqual([]);
  });
});

describe('sessionGroups', () => {
  it('groups the sessions by period in the order they come', () => {
    expect(sessionGroups(bookable).map((g) => [g.id, g.sessions.map((s) => s.id)])).toEqual([
      ['p1', ['a', 'b']],
      ['p2', ['c']],
      [null, ['d']],
    ]);
    expect(sessionGroups([])).toEqual([]);
  });
});

describe('chosenSessions and ageSessions', () => {
  const dayOf = (iso: string) => iso.slice(0, 10);
  it('are the whole period, or the sessions ticked', () => {
    expect(chosenSessions(values({ periodId: 'p1' }), bookable).map((s) => s.id)).toEqual(['a', 'b']);
    expect(chosenSessions(values({ serviceIds: ['c', 'a'] }), bookable).map((s) => s.id)).toEqual(['a', 'c']);
  });
  it('speak of every bookable session before any choice', () => {
    const before = ageSessions(values({}), bookable, dayOf);
    expect(before.chosen).toBe(false);
    expect(before.sessions).toHaveLength(4);
    const after = ageSessions(values({ serviceIds: ['b'] }), bookable, dayOf);
    expect(after).toEqual({ sessions: [{ id: 'b', day: '2027-01-17' }], chosen: true });
  });
});

describe('toAddToCartPayload', () => {
  it('sends the sessions ticked that can still be booked', () => {
    const payload = toAddToCartPayload(
      'bp_1',
      values({ serviceIds: ['b', 'gone'], memberIds: ['m1'] }),
      bookable,
    );
    expect(payload).toEqual({
      blueprintId: 'bp_1',
      serviceIds: ['b'],
      periodId: undefined,
      memberIds: ['m1'],
      supplementIds: [],
    });
  });
  it('sends a whole period alone', () => {
    const payload = toAddToCartPayload(
      'bp_1',
      values({ periodId: 'p1', serviceIds: ['c'], memberIds: ['m1'] }),
      bookable,
    );
    expect(payload.serviceIds).toBeUndefined();
    expect(payload.periodId).toBe('p1');
  });
  it('is refused by the shared schema under its field when sessions or members are missing', () => {
    const parsed = addToCartSchema('fr').safeParse(toAddToCartPayload('bp_1', values({}), bookable));
    expect(parsed.success).toBe(false);
    const fields = new Set(parsed.error?.issues.map((issue) => issue.path[0]));
    expect(fields).toEqual(new Set(['serviceIds', 'memberIds']));
  });
});

describe('requestServiceIds', () => {
  it('asks for every session of the period, or the sessions ticked', () => {
    expect(requestServiceIds(values({ periodId: 'p1' }), bookable)).toEqual(['a', 'b']);
    expect(requestServiceIds(values({ serviceIds: ['d', 'a'] }), bookable)).toEqual(['d', 'a']);
  });
});

describe('optionalSupplements', () => {
  const { supplements } = catalogDetail();
  it('offers those for every age, and none when asking', () => {
    expect(optionalSupplements(supplements, false).map((s) => s.id)).toEqual(['sup_1']);
    expect(optionalSupplements(supplements, true)).toEqual([]);
  });
});

describe('withRequested', () => {
  it('adds every (session, member) pair asked, keeping those before', () => {
    const before = new Set([pairKey('a', 'm0')]);
    const after = withRequested(before, ['a', 'b'], ['m1']);
    expect([...after]).toEqual(['a:m0', 'a:m1', 'b:m1']);
    expect(before.size).toBe(1);
  });
});
