import { INVOICE_STATUSES, type InvoiceListQuery, type Locale } from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import type { AuthContext } from '../../lib/access';
import { invoiceBalance } from './invoicing.dto';
import { createInvoicingRepository } from './invoicing.repository';
import { filterOf, requireAccountant } from './invoicing-scope';

/** Rows in one CSV export: a year of a large club fits; beyond, filter by dates. */
const EXPORT_LIMIT = 50_000;

/** The invoices as CSV (semicolon-separated, as Belgian and French spreadsheets expect), amounts in euros. */
export async function exportInvoicesCsv(
  ctx: AppContext,
  auth: AuthContext,
  query: InvoiceListQuery,
  locale: Locale,
): Promise<string> {
  requireAccountant(auth);
  const rows = await createInvoicingRepository(ctx.db).exportInvoices(
    auth.organizationId,
    filterOf(auth, query),
    EXPORT_LIMIT,
  );
  const euros = (cents: number) => (cents / 100).toFixed(2).replace('.', locale === 'fr' ? ',' : '.');
  const cell = (value: string | null) => `"${(value ?? '').replace(/"/g, '""')}"`;
  const header =
    locale === 'fr'
      ? [
          'Numéro',
          'Date',
          'Échéance',
          'Client',
          'Société',
          'N° TVA client',
          'Statut',
          'Total TVAC',
          'TVA',
          'Crédité',
          'Payé',
          'Solde',
          'Référence',
        ]
      : [
          'Number',
          'Date',
          'Due date',
          'Customer',
          'Company',
          'Customer VAT no.',
          'Status',
          'Total incl. VAT',
          'VAT',
          'Credited',
          'Paid',
          'Balance',
          'Reference',
        ];
  const lines = rows.map((r) =>
    [
      cell(r.number),
      cell(r.issue_date),
      cell(r.due_date),
      cell(r.buyer.name),
      cell(r.buyer.companyName),
      cell(r.buyer.vatNumber),
      cell(INVOICE_STATUSES.label(r.status as never, locale)),
      euros(r.total_amount),
      euros(r.tax_amount),
      euros(r.credited_amount),
      euros(r.paid_amount),
      euros(invoiceBalance(r)),
      cell(r.structured_reference),
    ].join(';'),
  );
  return `\uFEFF${[header.map(cell).join(';'), ...lines].join('\r\n')}\r\n`;
}
