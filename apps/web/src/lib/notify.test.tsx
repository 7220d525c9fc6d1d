import { act, render, screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Notifications } from '@/app/notifications';
import { ApiError, notificationText, statusText } from './api-error';
import { i18n } from './i18n';
import { NOTIFICATION_DURATION_MS, notifyError } from './notify';

beforeEach(async () => {
  await i18n.changeLanguage('fr');
});

describe('notification texts (spec section 8)', () => {
  it('shows the API message, or Erreur API N when the body has none', () => {
    expect(
      notificationText(
        new ApiError(409, { message: 'Un compte existe déjà avec cette adresse e-mail.' }),
        'fr',
      ),
    ).toBe('Un compte existe déjà avec cette adresse e-mail.');
    expect(notificationText(new ApiError(502), 'fr')).toBe('Erreur API 502');
    expect(notificationText(new ApiError(418, {}), 'fr')).toBe('Erreur API 418');
  });

  it("shows 'Une erreur inattendue est survenue.' for anything that is not an API error", () => {
    expect(notificationText(new TypeError('Failed to fetch'), 'fr')).toBe(
      'Une erreur inattendue est survenue.',
    );
    expect(notificationText('boom', 'fr')).toBe('Une erreur inattendue est survenue.');
  });

  it.each([
    [400, 'Les données fournies sont invalides.'],
    [401, 'Identifiants non valides. Veuillez réessayer.'],
    [403, 'Vous n’avez pas la permission d’effectuer cette action.'],
    [404, 'Les données fournies sont introuvables.'],
    [500, 'Erreur interne du serveur.'],
    [503, 'Erreur inattendue (Code 503).'],
    [418, 'Erreur inattendue (Code 418).'],
  ])('uses the status fallback text for %i without a message', (status, text) => {
    expect(statusText(new ApiError(status), 'fr')).toBe(text);
  });

  it("says 'Une erreur inconnue est survenue.' when there is no status at all", () => {
    expect(statusText(new TypeError('Failed to fetch'), 'fr')).toBe('Une erreur inconnue est survenue.');
  });

  it('prefers the message the API sent, in the language asked for', () => {
    expect(
      statusText(
        new ApiError(404, { message: "Cette organisation n'existe pas ou n'est plus accessible." }),
        'fr',
      ),
    ).toBe("Cette organisation n'existe pas ou n'est plus accessible.");
  });
});

describe('notifying errors', () => {
  it('does not notify a 401 on a signed-in call (the refresh handles it)', () => {
    const spy = vi.spyOn(toast, 'error');
    notifyError(new ApiError(401, { message: 'Votre session a expiré' }, { authenticated: true }));
    expect(spy).not.toHaveBeenCalled();
  });

  it('notifies a failed sign-in with the API message', async () => {
    const spy = vi.spyOn(toast, 'error');
    notifyError(new ApiError(401, { message: 'Identifiants non valides. Veuillez réessayer.' }));
    // The notification library loads with the first notification (not with the page).
    await vi.waitFor(() => expect(spy).toHaveBeenCalledWith('Identifiants non valides. Veuillez réessayer.'));
  });

  it('shows notifications for 8000 ms with a close button', async () => {
    expect(NOTIFICATION_DURATION_MS).toBe(8000);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      render(<Notifications />);
      act(() => {
        notifyError(new ApiError(500));
      });
      const text = await screen.findByText('Erreur API 500');
      const item = text.closest('li');
      expect(item).not.toBeNull();
      expect(within(item!).getByRole('button', { name: 'Fermer la notification' })).toBeInTheDocument();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(7000);
      });
      expect(screen.getByText('Erreur API 500')).toBeInTheDocument();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1500);
      });
      await vi.waitFor(() => expect(screen.queryByText('Erreur API 500')).not.toBeInTheDocument());
    } finally {
      vi.useRealTimers();
    }
  });
});
