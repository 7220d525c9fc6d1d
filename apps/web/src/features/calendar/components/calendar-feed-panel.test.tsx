import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { fakeApi, json } from '@/test/fake-api';
import { CalendarFeedPanel } from './calendar-feed-panel';

const FIRST = 'http://demo.localhost:3000/api/calendar/ical/first-token.ics';
const SECOND = 'http://demo.localhost:3000/api/calendar/ical/second-token.ics';

function renderPanel() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CalendarFeedPanel />
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('fr');
});

describe('the calendar subscription', () => {
  it('creates the address, copies it, regenerates it after a confirmation, and revokes it', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(toast, 'success');
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const api = fakeApi({
      'GET /api/calendar/feed': () => json(200, { url: null }),
      'POST /api/calendar/feed': () => json(200, { url: FIRST }),
      'POST /api/calendar/feed/regenerate': () => json(200, { url: SECOND }),
      'DELETE /api/calendar/feed': () => json(204),
    });
    renderPanel();

    await user.click(await screen.findByRole('button', { name: "Créer mon adresse d'abonnement" }));
    expect(await screen.findByLabelText("Votre adresse d'abonnement")).toHaveValue(FIRST);
    expect(success).toHaveBeenCalledWith("Votre adresse d'abonnement est prête.");
    expect(screen.getByText('Google Agenda')).toBeInTheDocument();
    expect(screen.getByText('Apple Calendrier')).toBeInTheDocument();
    expect(screen.getByText('Outlook')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Ouvrir dans mon application d'agenda" })).toHaveAttribute(
      'href',
      'webcal://demo.localhost:3000/api/calendar/ical/first-token.ics',
    );

    await user.click(screen.getByRole('button', { name: 'Copier' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Adresse copiée dans le presse-papiers.'));
    expect(writeText).toHaveBeenCalledWith(FIRST);

    await user.click(screen.getByRole('button', { name: 'Régénérer' }));
    const dialog = await screen.findByRole('dialog', { name: "Régénérer l'adresse d'abonnement ?" });
    expect(dialog).toHaveTextContent("L'ancienne adresse cessera de fonctionner");
    expect(api.callsTo('POST /api/calendar/feed/regenerate')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Régénérer' }));
    await waitFor(() => expect(screen.getByLabelText("Votre adresse d'abonnement")).toHaveValue(SECOND));
    expect(success).toHaveBeenCalledWith("Nouvelle adresse créée : l'ancienne ne fonctionne plus.");

    await user.click(screen.getByRole('button', { name: 'Révoquer' }));
    await screen.findByRole('dialog', { name: "Révoquer l'adresse d'abonnement ?" });
    await user.click(screen.getAllByRole('button', { name: 'Révoquer' }).at(-1)!);
    expect(await screen.findByRole('button', { name: "Créer mon adresse d'abonnement" })).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/calendar/feed')).toHaveLength(1);
    expect(success).toHaveBeenCalledWith("L'adresse d'abonnement a été révoquée.");
  });
});
