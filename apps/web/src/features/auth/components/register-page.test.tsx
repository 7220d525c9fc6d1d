import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { RegisterPage } from './register-page';

function renderPage() {
  const router = createMemoryRouter([{ path: '*', element: <RegisterPage /> }]);
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('fr');
});

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
});
