import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAccessToken, fakeApi, makeUser, signInResult } from '@/test/fake-api';
import { clearSession, getAuthState, startSession } from './auth-store';
import {
  clearImpersonation,
  impersonationOf,
  rememberSessionCheck,
  savedImpersonation,
} from './impersonation';
import { endSessionLocally, signOut, startImpersonation, stopImpersonation } from './session';

const MANAGER = makeUser({ id: 'usr_manager', role: 'org-manager', email: 'manager@demo.test' });
const PARENT = makeUser({ id: 'usr_parent' });
const MANAGER_TOKEN = fakeAccessToken(900, 'manager');
const PARENT_TOKEN = fakeAccessToken(900, 'parent');

function actAsParent() {
  startSession(signInResult({ user: MANAGER, accessToken: MANAGER_TOKEN, refreshToken: 'refresh-manager' }));
  startImpersonation(
    signInResult({
      user: PARENT,
      accessToken: PARENT_TOKEN,
      refreshToken: 'refresh-parent',
    }),
    { displayName: 'Claire Peeters' },
    '/members/participants/usr_parent',
  );
}

beforeEach(() => {
  clearSession();
  clearImpersonation();
});

afterEach(() => {
  vi.unstubAllGlobals();
  clearImpersonation();
  window.sessionStorage.clear();
});

describe('impersonation', () => {
  it("keeps the manager's session aside and tells who is impersonated", () => {
    actAsParent();
    expect(getAuthState().user?.id).toBe('usr_parent');
    expect(savedImpersonation()).toMatchObject({
      manager: { user: { id: 'usr_manager' }, tokens: { refreshToken: 'refresh-manager' } },
      member: { userId: 'usr_parent', displayName: 'Claire Peeters' },
      returnTo: '/members/participants/usr_parent',
    });
    expect(impersonationOf('usr_parent').active).toBe(true);
    expect(impersonationOf('usr_manager').active).toBe(false);
  });

  it('believes the session check even without a saved session (a reload, another tab)', () => {
    startSession(signInResult({ user: PARENT }));
    expect(impersonationOf('usr_parent')).toEqual({ active: false, saved: null });
    rememberSessionCheck('usr_parent', true);
    expect(impersonationOf('usr_parent')).toEqual({ active: true, saved: null });
    // Another account signed in since: the flag was about someone else.
    expect(impersonationOf('usr_other').active).toBe(false);
    rememberSessionCheck('usr_parent', false);
    expect(impersonationOf('usr_parent').active).toBe(false);
  });

  it("signs the member out and restores the manager's session", async () => {
    const server = fakeApi({ 'POST /api/auth/sign-out': () => new Response(null, { status: 204 }) });
    actAsParent();
    await expect(stopImpersonation()).resolves.toBe('/members/participants/usr_parent');
    expect(server.callsTo('POST /api/auth/sign-out')[0]?.headers.authorization).toBe(
      `Bearer ${PARENT_TOKEN}`,
    );
    expect(getAuthState().user?.id).toBe('usr_manager');
    expect(getAuthState().tokens?.refreshToken).toBe('refresh-manager');
    expect(savedImpersonation()).toBeNull();
    expect(window.sessionStorage.getItem('inscrio.impersonation')).toBeNull();
  });

  it('signs everything out when this tab kept no manager session', async () => {
    const server = fakeApi({ 'POST /api/auth/sign-out': () => new Response(null, { status: 204 }) });
    startSession(signInResult({ user: PARENT }));
    rememberSessionCheck('usr_parent', true);
    await expect(stopImpersonation()).resolves.toBeNull();
    expect(server.callsTo('POST /api/auth/sign-out')).toHaveLength(1);
    expect(getAuthState().user).toBeNull();
    expect(impersonationOf('usr_parent').active).toBe(false);
  });

  it('signs both sessions out when the manager signs out while acting as the member', async () => {
    const server = fakeApi({ 'POST /api/auth/sign-out': () => new Response(null, { status: 204 }) });
    actAsParent();
    await signOut();
    expect(server.callsTo('POST /api/auth/sign-out').map((call) => call.headers.authorization)).toEqual([
      `Bearer ${PARENT_TOKEN}`,
      `Bearer ${MANAGER_TOKEN}`,
    ]);
    expect(getAuthState().user).toBeNull();
    expect(savedImpersonation()).toBeNull();
  });

  it("forgets the manager's session when the session ends", () => {
    actAsParent();
    endSessionLocally();
    expect(savedImpersonation()).toBeNull();
    expect(window.sessionStorage.getItem('inscrio.impersonation')).toBeNull();
  });
});
