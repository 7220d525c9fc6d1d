import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, startSession } from '@/lib/auth-store';
import { createQueryClient } from '@/lib/query-client';
import { DEMO, fakeApi, json, makeUser, signInResult } from '@/test/fake-api';
import { useFamilyMembers } from './use-family-members';

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

afterEach(() => clearSession());

describe("the catalogue's family members", () => {
  it("are the family's members (GET /me/delegated) for a family account", async () => {
    startSession(signInResult({ user: makeUser(), organization: DEMO }));
    fakeApi({
      'GET /api/me/delegated': () =>
        json(200, {
          items: [{ id: 'mbr_lea', firstName: 'Léa', lastName: 'Peeters', birthdate: '2016-03-14' }],
          total: 1,
          page: 1,
          pageSize: 100,
        }),
    });
    const { result } = renderHook(() => useFamilyMembers(), { wrapper });
    await waitFor(() => expect(result.current.members).toHaveLength(1));
    expect(result.current.members[0]).toMatchObject({ id: 'mbr_lea', firstName: 'Léa' });
  });

  it('are none for a manager, without asking the API', () => {
    startSession(signInResult({ user: makeUser({ role: 'org-manager' }), organization: DEMO }));
    const api = fakeApi({});
    const { result } = renderHook(() => useFamilyMembers(), { wrapper });
    expect(result.current).toEqual({ members: [], isPending: false });
    expect(api.calls).toHaveLength(0);
  });
});
