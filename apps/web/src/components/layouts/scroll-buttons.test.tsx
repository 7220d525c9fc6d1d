import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearSession, startSession } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';
import { setAddressOrganization } from '@/lib/organization-context';
import { DEMO, makeUser, signInResult } from '@/test/fake-api';
import { SCROLL_BUTTON_THRESHOLD_PX, SideMenu } from './side-menu';

/** jsdom has no layout: give the menu's scroll area the sizes of a short screen. */
function fakeLayout(scrollHeight: number, clientHeight: number) {
  const proto = HTMLElement.prototype;
  const saved = {
    scrollHeight: Object.getOwnPropertyDescriptor(proto, 'scrollHeight'),
    clientHeight: Object.getOwnPropertyDescriptor(proto, 'clientHeight'),
  };
  Object.defineProperty(proto, 'scrollHeight', { configurable: true, get: () => scrollHeight });
  Object.defineProperty(proto, 'clientHeight', { configurable: true, get: () => clientHeight });
  return () => {
    if (saved.scrollHeight) Object.defineProperty(proto, 'scrollHeight', saved.scrollHeight);
    if (saved.clientHeight) Object.defineProperty(proto, 'clientHeight', saved.clientHeight);
  };
}

let restore = () => undefined as void;

beforeEach(async () => {
  await i18n.changeLanguage('fr');
  startSession(signInResult({ user: makeUser({ role: 'org-manager' }) }));
  setAddressOrganization(DEMO);
});

afterEach(() => {
  restore();
  clearSession();
});

describe('menu scroll buttons', () => {
  it('appear once the list can move more than 20 px', () => {
    expect(SCROLL_BUTTON_THRESHOLD_PX).toBe(20);
    restore = fakeLayout(600, 400);
    render(<RouterProvider router={createMemoryRouter([{ path: '*', element: <SideMenu /> }])} />);
    const area = document.querySelector('[data-menu-scroll]') as HTMLElement;

    expect(screen.queryByRole('button', { name: 'Faire défiler le menu vers le haut' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Faire défiler le menu vers le bas' })).toBeInTheDocument();

    area.scrollTop = 20;
    fireEvent.scroll(area);
    expect(screen.queryByRole('button', { name: 'Faire défiler le menu vers le haut' })).toBeNull();

    area.scrollTop = 21;
    fireEvent.scroll(area);
    expect(screen.getByRole('button', { name: 'Faire défiler le menu vers le haut' })).toBeInTheDocument();

    area.scrollTop = 185;
    fireEvent.scroll(area);
    expect(screen.queryByRole('button', { name: 'Faire défiler le menu vers le bas' })).toBeNull();
  });

  it('stay hidden when everything fits', () => {
    restore = fakeLayout(400, 400);
    render(<RouterProvider router={createMemoryRouter([{ path: '*', element: <SideMenu /> }])} />);
    expect(screen.queryByRole('button', { name: /Faire défiler/ })).toBeNull();
  });
});
