import {
  type PlatformOrganizationSort,
  platformOrganizationListQuerySchema,
  type SortOrder,
} from '@inscrio/shared';
import { useUrlFilters } from '@/components/lists/use-url-filters';

/** The order a column takes when first clicked: names A→Z, the most recent and the largest first. */
export const DEFAULT_ORDER: Record<PlatformOrganizationSort, SortOrder> = {
  name: 'asc',
  key: 'asc',
  createdAt: 'desc',
  lastActivityAt: 'desc',
  members: 'desc',
};

/** What the address may hold (`?q=&plan=&state=&sort=&order=&page=`), read by the API's own schema. */
const urlSchema = platformOrganizationListQuerySchema('fr').pick({
  q: true,
  plan: true,
  state: true,
  sort: true,
  order: true,
  page: true,
});

/** The list's search, filters, sort and page live in the address: going back to the list keeps them. */
export function useOrganizationFilters() {
  const { values, set, isSet } = useUrlFilters(urlSchema);
  const sort = values.sort;
  const state = {
    q: values.q ?? '',
    plan: values.plan,
    state: values.state,
    sort,
    order: isSet('order') ? values.order : DEFAULT_ORDER[sort],
    page: values.page,
  };
  const sortBy = (column: PlatformOrganizationSort) => {
    const order = state.sort === column ? (state.order === 'asc' ? 'desc' : 'asc') : DEFAULT_ORDER[column];
    set({ sort: column, order });
  };
  const filtered = Boolean(state.q || state.plan || state.state);
  const clear = () => set({ q: undefined, plan: undefined, state: undefined });
  return { state, set, sortBy, filtered, clear };
}
