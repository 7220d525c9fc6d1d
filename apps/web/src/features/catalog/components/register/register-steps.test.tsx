import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import type { FamilyMember } from '../../hooks/use-family-members';
import { MembersStep } from './members-step';
import { catalogSession } from '../../testing/fixtures';
import { emptyRegisterValues, type RegisterFormValues } from './register-form-model';
import { SessionsStep } from './sessions-step';
import { SupplementsStep } from './supplements-step';

/** A step inside the card's form, with the form's values written out and a way to fail it. */
function InForm({ children, errors = [] }: { children: ReactNode; errors?: (keyof RegisterFormValues)[] }) {
  const form = useForm<RegisterFormValues>({ defaultValues: emptyRegisterValues() });
  const values = useWatch({ control: form.control });
  return (
    <MemoryRouter>
      <FormProvider {...form}>
        {children}
        <output data-testid="values">{JSON.stringify(values)}</output>
        <button type="button" onClick={() => errors.forEach((name) => form.setError(name, { type: 'test' }))}>
          fail
        </button>
      </FormProvider>
    </MemoryRouter>
  );
}
const shown = () => JSON.parse(screen.getByTestId('values').textContent ?? '{}') as RegisterFormValues;

const session = (id: string, periodId: string | null, day: number, freeSeats = 12) =>
  catalogSession(id, periodId, day, {
    seats: { maxSeats: 15, reservedSeats: 15 - freeSeats, freeSeats, fillingRate: 20 },
  });

beforeEach(async () => {
  await i18n.changeLanguage('fr');
});

describe('the sessions step', { timeout: 30_000 }, () => {
  const bookable = [session('a', 'p1', 13), session('b', 'p1', 20), session('c', 'p1', 27, 0)];
  const renderStep = (onWaitingList = vi.fn()) =>
    render(
      <InForm errors={['serviceIds']}>
        <SessionsStep
          bookable={bookable}
          asking={false}
          periodName={() => 'Trimestre 1'}
          canWait
          onWaitingList={onWaitingList}
        />
      </InForm>,
    );

  it('ticks sessions one by one, or a whole period alone, and clears its error on a choice', async () => {
    const user = userEvent.setup();
    renderStep();
    await user.click(screen.getByRole('button', { name: 'fail' }));
    expect(screen.getByText('Choisissez au moins une séance.')).toBeInTheDocument();

    const [first, second] = screen.getAllByRole('checkbox').slice(1);
    await user.click(second!);
    await user.click(first!);
    expect(shown()).toMatchObject({ serviceIds: ['b', 'a'], periodId: null });
    expect(screen.queryByText('Choisissez au moins une séance.')).not.toBeInTheDocument();

    await user.click(screen.getByLabelText('Toutes les séances de la période'));
    expect(shown()).toMatchObject({ serviceIds: [], periodId: 'p1' });
    // The period's sessions show ticked and locked.
    expect(first).toBeChecked();
    expect(first).toBeDisabled();
    await user.click(screen.getByLabelText('Toutes les séances de la période'));
    expect(shown()).toMatchObject({ serviceIds: [], periodId: null });
  });

  it('marks a full session, which cannot be ticked, and offers its waiting list', async () => {
    const user = userEvent.setup();
    const onWaitingList = vi.fn();
    renderStep(onWaitingList);
    expect(screen.getByText('Complet')).toBeInTheDocument();
    expect(screen.getAllByRole('checkbox').at(-1)).toBeDisabled();
    await user.click(screen.getByRole('button', { name: "Rejoindre la liste d'attente" }));
    expect(onWaitingList).toHaveBeenCalledWith(bookable[2]);
  });
});

describe('the members step', { timeout: 30_000 }, () => {
  const members: FamilyMember[] = [
    { id: 'm1', firstName: 'Léa', lastName: 'Martin', birthdate: '2016-03-01', gender: 'F' },
    { id: 'm2', firstName: 'Tom', lastName: 'Martin', birthdate: '2019-06-01', gender: 'M' },
  ];
  const renderStep = (chosen: boolean, onAgeRequest = vi.fn()) =>
    render(
      <InForm errors={['memberIds']}>
        <MembersStep
          members={members}
          pending={false}
          today="2026-11-27"
          ageSessions={{ sessions: [{ id: 'a', day: '2027-01-13' }], chosen }}
          ages={{ minAge: 96, maxAge: 168 }}
          requested={new Set()}
          onAgeRequest={onAgeRequest}
        />
      </InForm>,
    );

  it('ticks members and clears its error on a choice', async () => {
    const user = userEvent.setup();
    renderStep(false);
    await user.click(screen.getByRole('button', { name: 'fail' }));
    expect(screen.getByText('Choisissez au moins un participant.')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /Léa/ }));
    expect(shown().memberIds).toEqual(['m1']);
    expect(screen.queryByText('Choisissez au moins un participant.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /Léa/ }));
    expect(shown().memberIds).toEqual([]);
  });

  it('marks a member too young, who may be asked for once sessions are chosen', async () => {
    const user = userEvent.setup();
    const { unmount } = renderStep(false);
    expect(document.querySelector('[data-member-option="m2"] [data-age-fit]')).toHaveAttribute(
      'data-age-fit',
      'too-young',
    );
    expect(document.querySelector('[data-member-option="m1"] [data-age-fit]')).toBeNull();
    expect(document.querySelector('[data-age-request]')).toBeNull();
    unmount();

    const onAgeRequest = vi.fn();
    renderStep(true, onAgeRequest);
    await user.click(screen.getByRole('button', { name: "Demander une dérogation d'âge" }));
    expect(onAgeRequest).toHaveBeenCalledWith(members[1], ['a']);
  });

  it('tells a family without members to add them first', () => {
    render(
      <InForm>
        <MembersStep
          members={[]}
          pending={false}
          today="2026-11-27"
          ageSessions={{ sessions: [], chosen: false }}
          ages={{ minAge: null, maxAge: null }}
          requested={new Set()}
          onAgeRequest={vi.fn()}
        />
      </InForm>,
    );
    expect(screen.getByRole('link', { name: 'Ajouter les membres de ma famille' })).toBeInTheDocument();
  });
});

describe('the supplements step', { timeout: 30_000 }, () => {
  it('ticks and unticks optional supplements, with their price', async () => {
    const user = userEvent.setup();
    render(
      <InForm>
        <SupplementsStep
          supplements={[
            { id: 's1', name: 'Costume', price: 2500, minAge: null, maxAge: null, frequency: 'once' },
          ]}
        />
      </InForm>,
    );
    expect(screen.getByText('+ 25,00 €')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /Costume/ }));
    expect(shown().supplementIds).toEqual(['s1']);
    await user.click(screen.getByRole('checkbox', { name: /Costume/ }));
    expect(shown().supplementIds).toEqual([]);
  });
});
