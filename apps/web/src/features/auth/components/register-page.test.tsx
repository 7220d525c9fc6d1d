import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '@/lib/auth-store';
import { fakeApi, json, signInResult } from '@/test/fake-api';
import { i18n } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { RegisterPage } from './register-page';

function renderPage(path = '/register') {
  const router = createMemoryRouter([{ path: '*', element: <RegisterPage /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(async () => {
  await i18n.changeLanguage('fr');
});

afterEach(() => clearSession());

describe('the sign-up form', () => {
  it('shows the French messages of the shared rules under each field', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(await screen.findAllByText('Ce champs est requis')).toHaveLength(12);

    await user.type(screen.getByLabelText('Prénom'), 'A');
    await user.type(screen.getByLabelText('Adresse e-mail'), 'pas-un-email');
    await user.type(screen.getByLabelText('Mot de passe'), 'faible');
    await user.type(screen.getByLabelText('Confirmer le mot de passe'), 'autre');
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(await screen.findByText('Ce champ doit contenir au moins 2 caractères')).toBeInTheDocument();
    expect(screen.getByText('Adresse e-mail invalide')).toBeInTheDocument();
    expect(
      screen.getByText('Le mot de passe doit contenir au moins 8 caractères, une majuscule et un chiffre'),
    ).toBeInTheDocument();
    expect(screen.getByText('Les mots de passe ne correspondent pas')).toBeInTheDocument();
  });

  it('lists the genders and the countries with their dial prefix, and starts the phone with it', async () => {
    const user = userEvent.setup();
    renderPage();
    const gender = screen.getByLabelText('Genre');
    expect([...gender.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      'Choisir…',
      'Homme',
      'Femme',
      'Autre',
    ]);
    const country = screen.getByLabelText('Pays');
    expect([...country.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      'Choisir…',
      'Belgique (+32)',
      'France (+33)',
      'Luxembourg (+352)',
    ]);
    await user.selectOptions(country, 'LUX');
    expect(screen.getByLabelText('Téléphone')).toHaveValue('+352 ');
    await user.selectOptions(country, 'FRA');
    expect(screen.getByLabelText('Téléphone')).toHaveValue('+33 ');
  });

  it('goes back where the visitor came from once the account exists (e.g. an invitation link)', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ 'POST /api/auth/sign-up': () => json(201, signInResult()) });
    const back = '/redirect-message?type=representative-invitation&token=abc';
    const router = renderPage(`/register?redirect=${encodeURIComponent(back)}`);
    await user.selectOptions(screen.getByLabelText('Genre'), 'F');
    await user.type(screen.getByLabelText('Prénom'), 'Nadia');
    await user.type(screen.getByLabelText('Nom'), 'Janssens');
    await user.type(screen.getByLabelText('Date de naissance'), '1988-02-29');
    await user.type(screen.getByLabelText('Adresse (rue et numéro)'), 'Rue Haute 45');
    await user.type(screen.getByLabelText('Code postal'), '5000');
    await user.type(screen.getByLabelText('Ville'), 'Namur');
    await user.selectOptions(screen.getByLabelText('Pays'), 'BEL');
    await user.clear(screen.getByLabelText('Téléphone'));
    await user.type(screen.getByLabelText('Téléphone'), '+32 478 11 22 33');
    await user.type(screen.getByLabelText('Adresse e-mail'), 'nadia@example.be');
    await user.type(screen.getByLabelText('Mot de passe'), 'Secret123');
    await user.type(screen.getByLabelText('Confirmer le mot de passe'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    await screen.findByRole('button', { name: 'Créer mon compte' });
    await vi.waitFor(() => expect(api.callsTo('POST /api/auth/sign-up')).toHaveLength(1));
    await vi.waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(back),
    );
  });

  it('from an invitation, prefills the invited address and locks it', async () => {
    const user = userEvent.setup();
    renderPage(`/register?email=${encodeURIComponent('marc@demo.test')}&redirect=%2Fredirect-message`);
    const email = screen.getByLabelText('Adresse e-mail');
    expect(email).toHaveValue('marc@demo.test');
    expect(email).toHaveAttribute('readonly');
    expect(
      screen.getByText("L'adresse à laquelle votre invitation a été envoyée : le compte doit l'utiliser."),
    ).toBeVisible();
    await user.type(email, 'x');
    expect(email).toHaveValue('marc@demo.test');
  });
});
