import {
  MEMBER_SORTS,
  type MemberListKind,
  type MemberSort,
  ROLES,
  type Role,
  SORT_ORDERS,
  type SortOrder,
} from '@inscrio/shared';
import { useSearchParams } from 'react-router';
import type { MemberFilters } from '../api/get-members';

/** The order a column takes when first clicked: names A→Z, the most recent and the largest first. */
export const DEFAULT_ORDER: Record<MemberSort, SortOrder> = {
  name: 'asc',
  email: 'asc',
  lastLoginAt: 'desc',
  createdAt: 'desc',
  familySize: 'desc',
};

const isSort = (value: string | null): value is MemberSort =>
  (MEMBER_SORTS as readonly string[]).includes(value ?? '');
const isOrder = (value: string | null): value is SortOrder =>
  (SORT_ORDERS as readonly string[]).includes(value ?? '');

type Param = 'q' | 'establishment' | 'role' | 'sort' | 'order' | 'page';

export interface MemberListState extends MemberFilters {
  page: number;
}

/** The list's search, filters, sort and page live in the address: going back to the list keeps them. */
export function useMemberFilters(kind: MemberListKind) {
  const [params, setParams] = useSearchParams();
  const sort = params.get('sort');
  const order = params.get('order');
  const role = params.get('role');
  const state: MemberListState = {
    kind,
    q: params.get('q') ?? '',
    establishmentId: params.get('establishment') ?? '',
    // Participants and holders are basic users by definition: the role filter only applies to all.
    role: kind === 'all' && ROLES.is(role) ? (role as Role) : undefined,
    sort: isSort(sort) ? sort : 'name',
    order: isOrder(order) ? order : isSort(sort) ? DEFAULT_ORDER[sort] : 'asc',
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
  };

  const set = (changes: Partial<Record<Param, string | undefined>>) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        // Any other change goes back to the first page.
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  };

  /** A click on a column: the same column flips the order, another starts with its natural order. */
  const sortBy = (column: MemberSort) => {
    const nextOrder =
      state.sort === column ? (state.order === 'asc' ? 'desc' : 'asc') : DEFAULT_ORDER[column];
    set({ sort: column, order: nextOrder });
  };

  const filtered = Boolean(state.q || state.establishmentId || state.role);
  const clear = () => set({ q: undefined, establishment: undefined, role: undefined });

  return { state, set, sortBy, filtered, clear };
}
