import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PublicOrganization, User } from '@/lib/api-types';
import { clearSession, startSession } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';
import { setAddressOrganization } from '@/lib/organization-context';
import { queryClient } from '@/lib/query-client';
import { DEMO, makeUser, signInResult, SYSTEM } from '@/test/fake-api';
import { buildMenu, flattenMenu, menuKind } from './menu';
import { SideMenu } from './side-menu';

function renderMenu(
  user: User,
  organization: PublicOrganization,
  path = '/',
  customButton = null as Parameters<typeof SideMenu>[0]['customButton'],
) {
  startSession(signInResult({ user, organization }));
  setAddressOrganization(organization);
  const router = createMemoryRouter([{ path: '*', element: <SideMenu customButton={customButton} /> }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** The labels of the top-level entries, in order. */
function topLevelLabels(): string[] {
  return [...document.querySelectorAll('[data-menu-entry]')].map(
    (element) => element.textContent?.trim() ?? '',
  );
}

function footerLabels(): string[] {
  return [...document.querySelectorAll('[data-menu-footer]')].map(
    (element) => element.textContent?.trim() ?? '',
  );
}

const MANAGER_LABELS = [
  'Accueil',
  'Activités',
  'Membres',
  'Périodes',
  'Inscriptions',
  'Récupérations',
  'Comptabilité',
  'Documents',
  "Journal d'audit",
  'Configuration',
];

beforeEach(async () => {
  await i18n.changeLanguage('fr');
  clearSession();
  setAddressOrganization(null);
});

describe('the side menu by user kind (spec section 2)', () => {
  it('simple user', () => {
    renderMenu(makeUser({ role: 'user' }), DEMO);
    expect(topLevelLabels()).toEqual([
      'Accueil',
      "Catalogue d'activités",
      'Mes activités',
      'Ma famille',
      'Récupérations',
      'Messages',
      'Documents',
      'Commandes',
    ]);
    expect(footerLabels()).toEqual(['Mon profil', 'Se déconnecter']);
    expect(document.querySelector('[data-menu-section]')).toBeNull();
  });

  it('simple user with the organisation website button', () => {
    renderMenu(makeUser(), DEMO, '/', {
      showCustomButton: true,
      customButtonName: 'Boutique du club',
      customButtonURL: 'shop.club.be',
    });
    expect(topLevelLabels().at(-1)).toMatch(/^Boutique du club/);
    const link = screen.getByRole('link', { name: /Boutique du club/ });
    expect(link).toHaveAttribute('href', 'https://shop.club.be');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('hides an incomplete website button', () => {
    renderMenu(makeUser(), DEMO, '/', {
      showCustomButton: true,
      customButtonName: 'Boutique',
      customButtonURL: '  ',
    });
    expect(topLevelLabels()).toHaveLength(8);
  });

  it('holder', () => {
    renderMenu(makeUser({ role: 'user', isHolder: true }), DEMO);
    expect(topLevelLabels()).toEqual([
      'Accueil',
      'Activités',
      'Participants',
      'Heures prestées',
      'Messages',
      'Documents',
      'Commandes',
    ]);
  });

  it.each(['org-manager', 'admin'] as const)('organisation manager (%s)', (role) => {
    renderMenu(makeUser({ role }), DEMO);
    expect(topLevelLabels()).toEqual(MANAGER_LABELS);
    expect(screen.getByText('Organisation')).toHaveAttribute('data-menu-section', 'organization');
    expect(screen.getByRole('link', { name: 'Configuration' })).toHaveAttribute(
      'href',
      '/configuration/organizations/org_demo',
    );
  });

  it('establishment manager of the default establishment adds Établissements', () => {
    renderMenu(makeUser({ role: 'est-manager', establishment: 'est_default' }), DEMO);
    expect(topLevelLabels()).toEqual([
      'Accueil',
      'Activités',
      'Membres',
      'Périodes',
      'Inscriptions',
      'Récupérations',
      'Établissements',
      'Comptabilité',
      'Documents',
      "Journal d'audit",
      'Configuration',
    ]);
  });

  it('establishment manager of another establishment does not see Comptabilité', () => {
    renderMenu(makeUser({ role: 'est-manager', establishment: 'est_piscine' }), DEMO);
    expect(topLevelLabels()).toEqual([
      'Accueil',
      'Activités',
      'Membres',
      'Périodes',
      'Inscriptions',
      'Récupérations',
      'Établissements',
      'Documents',
      "Journal d'audit",
      'Configuration',
    ]);
  });

  it('system administrator in the system organisation', () => {
    renderMenu(makeUser({ organizationId: 'org_sysadmin', role: 'admin', isSystemAdmin: true }), SYSTEM);
    expect(topLevelLabels()).toEqual([
      'Organisations',
      'Administrateurs et supports',
      'Facturation',
      'Configuration',
    ]);
    expect(screen.getByRole('link', { name: 'Organisations' })).toHaveAttribute(
      'href',
      '/organizations-list',
    );
    expect(screen.getByRole('link', { name: 'Configuration' })).toHaveAttribute(
      'href',
      '/configuration/organizations/org_sysadmin',
    );
    expect(footerLabels()).toEqual(['Mon profil', 'Se déconnecter']);
  });

  it("system administrator inside an organisation: 'Connecté à', logout, exit, no profile", () => {
    renderMenu(makeUser({ organizationId: 'org_sysadmin', role: 'admin', isSystemAdmin: true }), DEMO);
    expect(topLevelLabels()).toEqual(MANAGER_LABELS);
    const box = document.querySelector('[data-menu-connected-to]') as HTMLElement;
    expect(within(box).getByText('Connecté à')).toBeInTheDocument();
    expect(within(box).getByText('Club Sportif Démo')).toBeInTheDocument();
    expect(footerLabels()).toEqual(['Quitter le mode admin', 'Se déconnecter']);
    expect(within(box).getByRole('link', { name: 'Quitter le mode admin' })).toHaveAttribute(
      'href',
      'http://admin.localhost:3000/organizations/org_demo',
    );
  });

  it('support', () => {
    renderMenu(makeUser({ organizationId: 'org_sysadmin', role: 'support' }), SYSTEM);
    expect(topLevelLabels()).toEqual(['Organisations', "Contacter l'administration"]);
  });

  it('fallback when the user is not known', () => {
    expect(menuKind(null, DEMO)).toBe('fallback');
    const labels = flattenMenu(buildMenu('fallback', { organizationId: 'org_demo' })).map((entry) =>
      i18n.t(`menu.${entry.labelKey!}`, { ns: 'navigation' }),
    );
    expect(labels).toEqual(['Accueil', 'Documents', 'Commandes']);
  });
});

describe('collapsing sections', () => {
  it('Activités and Membres open and close their entries', async () => {
    const user = userEvent.setup();
    renderMenu(makeUser({ role: 'org-manager' }), DEMO);
    const toggle = screen.getByRole('button', { name: 'Afficher ou masquer « Membres »' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Titulaires' })).toBeNull();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Titulaires' })).toHaveAttribute('href', '/members/holders');
    expect(screen.getByRole('link', { name: 'Participants' })).toHaveAttribute(
      'href',
      '/members/participants',
    );
    await user.click(toggle);
    expect(screen.queryByRole('link', { name: 'Titulaires' })).toBeNull();
  });

  it('opens on the section of the current page and marks the entry', () => {
    renderMenu(makeUser({ role: 'org-manager' }), DEMO, '/attendance/services');
    expect(screen.getByRole('button', { name: 'Afficher ou masquer « Activités »' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByRole('link', { name: 'Séances et présences' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});

describe('the collapsed rail', () => {
  it('keeps every label for assistive technologies', () => {
    startSession(signInResult({ user: makeUser({ role: 'org-manager' }), organization: DEMO }));
    setAddressOrganization(DEMO);
    const router = createMemoryRouter([{ path: '*', element: <SideMenu collapsed /> }]);
    render(<RouterProvider router={router} />);
    expect(topLevelLabels()).toEqual(MANAGER_LABELS);
    expect(screen.getByRole('link', { name: 'Accueil' })).toHaveAttribute('title', 'Accueil');
  });
});
