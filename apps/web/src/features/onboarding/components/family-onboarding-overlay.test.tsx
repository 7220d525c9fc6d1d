import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@/lib/api-types';
import { clearSession, getAuthState, startSession } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';
import { setAddressOrganization } from '@/lib/organization-context';
import { createQueryClient } from '@/lib/query-client';
import { DEMO, fakeApi, json, makeUser, signInResult } from '@/test/fake-api';
import { FamilyOnboardingOverlay, shouldShowFamilyPrompt } from './family-onboarding-overlay';

const EMPTY_FAMILY = { items: [], total: 0, page: 1, pageSize: 100 };
const TITLE = 'Ajoutez les membres de votre famille';

function renderOverlay(path = '/', user: User = makeUser()) {
  startSession(signInResult({ user, organization: DEMO }));
  const router = createMemoryRouter(
    [
      { path: '/', element: <FamilyOnboardingOverlay /> },
      { path: '/catalog', element: <FamilyOnboardingOverlay /> },
      { path: '/delegations', element: <p>Ma famille</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(async () => {
  await i18n.changeLanguage('fr');
  setAddressOrganization(DEMO);
});

afterEach(() => {
  clearSession();
  setAddressOrganization(null);
  window.sessionStorage.clear();
});

describe('the family onboarding prompt', () => {
  it('is for families only (not holders) until the step is recorded, never on /delegations', () => {
    const base = { pathname: '/', dismissed: false, familySize: 0 };
    expect(shouldShowFamilyPrompt({ ...base, user: makeUser() })).toBe(true);
    // A holder is staff of the club (elevated), not a family to onboard.
    expect(shouldShowFamilyPrompt({ ...base, user: makeUser({ isHolder: true }) })).toBe(false);
    expect(shouldShowFamilyPrompt({ ...base, user: makeUser({ role: 'org-manager' }) })).toBe(false);
    expect(shouldShowFamilyPrompt({ ...base, user: makeUser({ isSystemAdmin: true }) })).toBe(false);
    expect(shouldShowFamilyPrompt({ ...base, user: null })).toBe(false);
    for (const achievement of ['added-family-members', 'skipped-added-family-members']) {
      expect(
        shouldShowFamilyPrompt({ ...base, user: makeUser({ onboardingAchievements: `x,${achievement}` }) }),
      ).toBe(false);
    }
    expect(shouldShowFamilyPrompt({ ...base, user: makeUser(), pathname: '/delegations' })).toBe(false);
    expect(shouldShowFamilyPrompt({ ...base, user: makeUser(), dismissed: true })).toBe(false);
    // A family that already has members (added by a manager, or joined) is not asked to add some.
    expect(shouldShowFamilyPrompt({ ...base, user: makeUser(), familySize: 2 })).toBe(false);
    expect(shouldShowFamilyPrompt({ ...base, user: makeUser(), familySize: undefined })).toBe(false);
  });

  it('is not shown to a holder, on any page', async () => {
    fakeApi({ 'GET /api/me/delegated': () => json(200, EMPTY_FAMILY) });
    for (const path of ['/', '/catalog']) {
      renderOverlay(path, makeUser({ isHolder: true, firstName: 'Hugo' }));
      // Let the family's query settle: the card would show by then.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByRole('dialog', { name: TITLE })).toBeNull();
      expect(screen.queryByText(TITLE)).toBeNull();
    }
  });

  it('leads to the add form of /delegations', async () => {
    const user = userEvent.setup();
    fakeApi({ 'GET /api/me/delegated': () => json(200, EMPTY_FAMILY) });
    const router = renderOverlay();
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    expect(dialog).toHaveTextContent('Bienvenue chez Club Sportif Démo');
    await user.click(screen.getByRole('button', { name: 'Ajouter les membres de ma famille' }));
    expect(router.state.location.pathname).toBe('/delegations');
    expect(router.state.location.search).toBe('?onboarding-action=add-family-members');
    expect(screen.queryByRole('dialog', { name: TITLE })).toBeNull();
  });

  it('records the skipped step, and is not shown again', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /api/me/delegated': () => json(200, EMPTY_FAMILY),
      'POST /api/me/onboarding-achievements': () =>
        json(200, makeUser({ onboardingAchievements: 'skipped-added-family-members' })),
    });
    renderOverlay();
    await screen.findByRole('dialog', { name: TITLE });
    await user.click(screen.getByRole('button', { name: 'Passer cette étape' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: TITLE })).toBeNull());
    expect(api.callsTo('POST /api/me/onboarding-achievements')[0]!.url).toBe(
      '/api/me/onboarding-achievements?achievement=skipped-added-family-members',
    );
    expect(getAuthState().user?.onboardingAchievements).toBe('skipped-added-family-members');
  });

  it("'Plus tard' hides it for the visit only", async () => {
    const user = userEvent.setup();
    const api = fakeApi({ 'GET /api/me/delegated': () => json(200, EMPTY_FAMILY) });
    renderOverlay();
    await screen.findByRole('dialog', { name: TITLE });
    await user.click(screen.getByRole('button', { name: 'Plus tard' }));
    expect(screen.queryByRole('dialog', { name: TITLE })).toBeNull();
    expect(api.callsTo('POST /api/me/onboarding-achievements')).toHaveLength(0);
    expect(window.sessionStorage.getItem('inscrio.onboarding.family.dismissed.usr_parent')).toBe('1');
  });

  it('says the step is unknown when the API does not know it', async () => {
    const user = userEvent.setup();
    const error = vi.spyOn(toast, 'error');
    fakeApi({
      'GET /api/me/delegated': () => json(200, EMPTY_FAMILY),
      'POST /api/me/onboarding-achievements': () =>
        json(400, { statusCode: 400, error: 'validation_failed', message: 'Bad', details: [] }),
    });
    renderOverlay();
    await screen.findByRole('dialog', { name: TITLE });
    await user.click(screen.getByRole('button', { name: 'Passer cette étape' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith("L'étape d'onboarding est introuvable."));
  });

  it('says when the onboarding state cannot be read, and stays hidden', async () => {
    const error = vi.spyOn(toast, 'error');
    fakeApi({
      'GET /api/me/delegated': () => json(403, { statusCode: 403, error: 'forbidden', message: 'Non' }),
    });
    renderOverlay('/catalog');
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith("Impossible de récupérer l'état de l'onboarding."),
    );
    expect(screen.queryByRole('dialog', { name: TITLE })).toBeNull();
  });

  it('is not shown once the family has members', async () => {
    const api = fakeApi({
      'GET /api/me/delegated': () =>
        json(200, { ...EMPTY_FAMILY, total: 1, items: [{ id: 'mbr_lea', firstName: 'Léa' }] }),
    });
    renderOverlay();
    await waitFor(() => expect(api.callsTo('GET /api/me/delegated')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('dialog', { name: TITLE })).toBeNull();
  });
});
