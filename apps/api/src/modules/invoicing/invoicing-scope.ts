import { canManageAccounting, type InvoiceListQuery } from '@inscrio/shared';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../../lib/access';
import { toInvoiceDetail } from './invoicing.dto';
import { createInvoicingRepository, type InvoiceFilter } from './invoicing.repository';

/*
 * Who sees which invoices, shared by the invoicing use cases: accountants every family's, anyone else
 * their own family's.
 */

export const isAccountant = (auth: AuthContext) => canManageAccounting(auth.actor, auth.establishmentId);

/** Whose invoices a caller sees: an accountant every family's, anyone else their own family's. */
export function familyScope(auth: AuthContext): string | undefined {
  if (isAccountant(auth)) return undefined;
  // System staff visiting another organisation have no family there.
  if (auth.organizationId !== auth.homeOrganizationId) throw new AppError('not_found');
  return auth.familyId;
}

export function requireAccountant(auth: AuthContext) {
  if (!isAccountant(auth)) throw new AppError('forbidden');
}

export const invalid = (field: string, message: string) =>
  new AppError('validation_failed', [{ field, rule: 'invalid', message }]);

export function filterOf(auth: AuthContext, query: InvoiceListQuery): InvoiceFilter {
  const familyId = familyScope(auth);
  return {
    familyId: familyId ?? query.familyId,
    status: query.status,
    periodId: query.periodId,
    blueprintId: query.blueprintId,
    orderId: query.orderId,
    from: query.from,
    to: query.to,
    q: query.q,
  };
}

/** An invoice with its lines and credit notes (`familyId`: only that family's); 404 otherwise. */
export async function invoiceDetailOf(
  db: Executor,
  organizationId: string,
  invoiceId: string,
  familyId?: string,
) {
  const r = createInvoicingRepository(db);
  const row = await r.findInvoice(organizationId, invoiceId, familyId);
  if (!row) throw new AppError('not_found');
  const [lines, notes] = await Promise.all([
    r.invoiceLines(organizationId, invoiceId),
    r.creditNotes(organizationId, { invoiceId }),
  ]);
  return { row, detail: toInvoiceDetail(row, lines, notes.rows) };
}
