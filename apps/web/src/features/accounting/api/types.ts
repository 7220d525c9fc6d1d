/*
 * Shapes this feature reads besides the invoice contracts of the shared package
 * (packages/shared/src/api/invoice.schema.ts): pages and the options of the filters.
 */

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** A period or an activity offered in a filter. */
export interface Option {
  id: string;
  name: string;
}

/** One account of `GET /members`, as the buyer search shows it. */
export interface MemberOption {
  userId: string;
  memberId: string;
  displayName: string;
  email: string;
}
