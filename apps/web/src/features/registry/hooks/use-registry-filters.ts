import { PARTICIPANT_STATUSES, type ParticipantStatus } from '@inscrio/shared';
import { useSearchParams } from 'react-router';

export type RegistryParam = 'periodId' | 'blueprintId' | 'serviceId' | 'status' | 'q' | 'page';

export interface RegistryFilterState {
  periodId: string;
  blueprintId: string;
  serviceId: string;
  status: ParticipantStatus | undefined;
  q: string;
  page: number;
}

/**
 * The registry's filters live in the address (`/registry?serviceId=…` is linked from a session's page),
 * so going back keeps them. Changing the period or the activity forgets a session that no longer fits.
 */
export function useRegistryFilters() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const state: RegistryFilterState = {
    periodId: params.get('periodId') ?? '',
    blueprintId: params.get('blueprintId') ?? '',
    serviceId: params.get('serviceId') ?? '',
    status: PARTICIPANT_STATUSES.is(status) ? status : undefined,
    q: params.get('q') ?? '',
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
  };

  const set = (changes: Partial<Record<RegistryParam, string | undefined>>) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        if (('periodId' in changes || 'blueprintId' in changes) && !('serviceId' in changes)) {
          next.delete('serviceId');
        }
        // Any other change goes back to the first page.
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  };

  const filtered = Boolean(state.periodId || state.blueprintId || state.serviceId || state.status || state.q);
  const clear = () =>
    set({
      periodId: undefined,
      blueprintId: undefined,
      serviceId: undefined,
      status: undefined,
      q: undefined,
    });

  return { state, set, filtered, clear };
}
