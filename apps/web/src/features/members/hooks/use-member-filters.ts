import { type MemberListKind, type MemberSort, memberListQuerySchema, type SortOrder } from '@inscrio/shared';
import { type UrlFiltersOptions, useUrlFilters } from '@/components/lists/use-url-filters';
import type { MemberFilters } from '../api/get-members';

/** The order a column takes when first clicked: names A→Z, the most recent and the largest first. */
export const DEFAULT_ORDER: Record<MemberSort, SortOrder> = {
  name: 'asc',
  email: 'asc',
  lastLoginAt: 'desc',
  createdAt: 'desc',
  familySize: 'desc',
};

/** What the address may hold (`?q=&establishment=&role=&sort=&order=&page=`), read by the API's own schema. */
const urlSchema = memberListQuerySchema('fr').pick({
  q: true,
  establishmentId: true,
  role: true,
  sort: true,
  order: true,
  page: true,
});
const urlOptions: UrlFiltersOptions<typeof urlSchema.shape> = {
  fields: { establishmentId: { param: 'establishment' } },
};

export interface MemberListState extends MemberFilters {
  page: number;
}

/** The list's search, filters, sort and page live in the address: going back to the list keeps them. */
export function useMemberFilters(kind: MemberListKind) {
  const { values, set, isSet } = useUrlFilters(urlSchema, urlOptions);
  const sort = values.sort;
  const state: MemberListState = {
    kind,
    q: values.q ?? '',
    establishmentId: values.establishmentId ?? '',
    // Participants and holders are basic users by definition: the role filter only applies to all.
    role: kind === 'all' ? values.role : undefined,
    sort,
    // Without an order in the address, the column's natural one.
    order: isSet('order') ? values.order : DEFAULT_ORDER[sort],
    page: values.page,
  };

  /** A click on a column: the same column flips the order, another starts with its natural order. */
  const sortBy = (column: MemberSort) => {
    const nextOrder =
      state.sort === column ? (state.order === 'asc' ? 'desc' : 'asc') : DEFAULT_ORDER[column];
    set({ sort: column, order: nextOrder });
  };

  const filtered = Boolean(state.q || state.establishmentId || state.role);
  const clear = () => set({ q: undefined, establishmentId: undefined, role: undefined });

  return { state, set, sortBy, filtered, clear };
}
