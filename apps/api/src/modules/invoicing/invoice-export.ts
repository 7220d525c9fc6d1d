import { INVOICE_STATUSES, type InvoiceListQuery, type Locale } from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import type { AuthContext } from '../../lib/access';
import { csvAmount, csvLine, CSV_BOM } from '../../lib/csv';
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
  const format = { quoteText: 'always', decimalSeparator: locale === 'fr' ? ',' : '.' } as const;
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
    csvLine(
      [
        r.number,
        r.issue_date,
        r.due_date,
        r.buyer.name,
        r.buyer.companyName,
        r.buyer.vatNumber,
        INVOICE_STATUSES.label(r.status as never, locale),
        csvAmount(r.total_amount),
        csvAmount(r.tax_amount),
        csvAmount(r.credited_amount),
        csvAmount(r.paid_amount),
        csvAmount(invoiceBalance(r)),
        r.structured_reference,
      ],
      format,
    ),
  );
  return CSV_BOM + csvLine(header, format) + lines.join('');
}
