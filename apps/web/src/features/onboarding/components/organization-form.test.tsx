import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { fakeApi, json } from '@/test/fake-api';
import { OrganizationForm } from './organization-form';

beforeEach(async () => {
  await i18n.changeLanguage('fr');
  fakeApi({
    'GET /api/organizations/key-availability': () => json(200, { available: true, suggestions: [] }),
  });
});

function renderForm() {
  const onSubmit = vi.fn(() => Promise.resolve());
  render(
    <QueryClientProvider client={createQueryClient()}>
      <OrganizationForm submitLabel="Créer mon espace" pending={false} onSubmit={onSubmit} />
    </QueryClientProvider>,
  );
  return onSubmit;
}

/** The field's own block: its label, input, hint and error. */
const fieldOf = (label: string) => screen.getByLabelText(label).closest('div')!.parentElement!;

describe('the organisation form', () => {
  it('clears the error under the key once a name fills it in, after a first empty submit', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    await user.click(screen.getByRole('button', { name: 'Créer mon espace' }));
    expect(await within(fieldOf('Adresse de votre espace')).findByText('Ce champs est requis')).toBeVisible();

    await user.type(screen.getByLabelText("Nom de l'organisation"), 'Club de natation');
    expect(screen.getByLabelText('Adresse de votre espace')).toHaveValue('club-de-natation');
    await vi.waitFor(() =>
      expect(within(fieldOf('Adresse de votre espace')).queryByText('Ce champs est requis')).toBeNull(),
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
