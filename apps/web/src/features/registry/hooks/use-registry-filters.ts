import { type ParticipantStatus, participantListQuerySchema } from '@inscrio/shared';
import { type UrlFiltersOptions, useUrlFilters } from '@/components/lists/use-url-filters';

/** What the address may hold, read by the API's own schema. */
const urlSchema = participantListQuerySchema('fr').pick({
  periodId: true,
  blueprintId: true,
  serviceId: true,
  status: true,
  q: true,
  page: true,
});
const urlOptions: UrlFiltersOptions<typeof urlSchema.shape> = {
  forgets: { periodId: ['serviceId'], blueprintId: ['serviceId'] },
};

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
  const { values, set, filtered, clear } = useUrlFilters(urlSchema, urlOptions);
  const state: RegistryFilterState = {
    periodId: values.periodId ?? '',
    blueprintId: values.blueprintId ?? '',
    serviceId: values.serviceId ?? '',
    status: values.status,
    q: values.q ?? '',
    page: values.page,
  };
  return { state, set, filtered, clear };
}
