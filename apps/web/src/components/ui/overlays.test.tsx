import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { Button } from './button';
import { Dialog } from './dialog';
import { SideDrawer } from './side-drawer';

beforeEach(async () => {
  await i18n.changeLanguage('fr');
});

describe('the generic dialog', () => {
  it('opens from its trigger, shows its title and content, and closes with Escape or its button', async () => {
    const user = userEvent.setup();
    render(
      <Dialog
        trigger={<Button>Supprimer</Button>}
        title="Supprimer le membre ?"
        description="Cette action est définitive."
        footer={<Button>Confirmer</Button>}
      >
        <p>Léa Peeters</p>
      </Dialog>,
    );
    await user.click(screen.getByRole('button', { name: 'Supprimer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer le membre ?' });
    expect(dialog).toHaveAccessibleDescription('Cette action est définitive.');
    expect(screen.getByText('Léa Peeters')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Supprimer' }));
    await user.click(await screen.findByRole('button', { name: 'Fermer' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('the side drawer', () => {
  function Harness() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <Button onClick={() => setOpen(true)}>Détails</Button>
        <SideDrawer open={open} onOpenChange={setOpen} title="Détails de la séance">
          <p>Natation, mercredi 14:00</p>
        </SideDrawer>
      </>
    );
  }

  it('is a modal panel with its title, closed by its button', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Détails' }));
    expect(await screen.findByRole('dialog', { name: 'Détails de la séance' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
