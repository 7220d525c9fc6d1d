import { organizationWarnings } from '@inscrio/shared';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { IncompleteInformationNotice } from './incomplete-information-notice';

function renderNotice(sections: Parameters<typeof IncompleteInformationNotice>[0]['sections']) {
  const router = createMemoryRouter([
    { path: '*', element: <IncompleteInformationNotice sections={sections} /> },
  ]);
  return render(<RouterProvider router={router} />);
}

beforeEach(async () => {
  await i18n.changeLanguage('fr');
});

describe("the 'Informations à compléter' notice", () => {
  it('lists the incomplete sections with their configuration steps', () => {
    renderNotice(
      organizationWarnings({ id: 'org_demo', paymentProvider: 'offline', iban: 'BE71096123456769' }),
    );
    expect(screen.getByRole('heading', { name: 'Informations à compléter' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Facturation' })).toHaveAttribute(
      'href',
      '/configuration/organizations/org_demo?step=billing',
    );
    expect(screen.getByRole('link', { name: 'Attestations de mutuelle' })).toHaveAttribute(
      'href',
      '/configuration/organizations/org_demo?step=mutual',
    );
    expect(screen.queryByRole('link', { name: 'Moyen de paiement' })).toBeNull();
  });

  it('shows nothing when everything is complete', () => {
    const { container } = renderNotice([]);
    expect(container).toBeEmptyDOMElement();
  });
});
