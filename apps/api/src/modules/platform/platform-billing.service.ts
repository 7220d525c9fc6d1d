import {
  INVOICE_STATUSES,
  isPlatformAdmin,
  type Locale,
  type StatementDetail,
  type StatementListQuery,
  type StatementPage,
  type StatementSummary,
  SYSTEM_ORGANIZATION_ID,
} from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import type { AuthContext } from '../../lib/access';
import { AppError } from '../../lib/app-error';
import { csvAmount, csvLine, CSV_BOM } from '../../lib/csv';
import { createInvoicePdfs } from '../invoicing/invoice-pdfs';
import { invoiceDetailOf } from '../invoicing/invoicing-scope';
import { requireClubAdminOrStaff } from '../licences/licence-access';
import { createStatementsRepository, type StatementFilter, type StatementRow } from './statements.repository';

/** Rows in one CSV export: years of statements of every club. */
const EXPORT_LIMIT = 50_000;

/** The platform's billing is the system administrator's (menu « Facturation », spec section 2). */
export function requirePlatformBiller(auth: AuthContext) {
  if (!isPlatformAdmin(auth.actor, auth.homeOrganizationId)) throw new AppError('forbidden');
}

const balanceOf = (row: StatementRow) =>
  row.status === 'cancelled' ? 0 : Math.max(0, row.totalAmount - row.creditedAmount - row.paidAmount);

function toSummary(row: StatementRow, pdfUrl: string): StatementSummary {
  return {
    id: row.id,
    month: row.month,
    organizationId: row.clientOrganizationId,
    organizationName: row.clientName,
    organizationKey: row.clientKey,
    invoiceId: row.invoiceId,
    // Numbered when the issuing transaction commits: a row read afterwards always has it.
    number: row.number ?? '',
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    status: row.status,
    totalAmount: row.totalAmount,
    creditedAmount: row.creditedAmount,
    paidAmount: row.paidAmount,
    balance: balanceOf(row),
    pdfUrl,
  };
}

/** For the system administrator: the invoice's PDF in the system organisation (invoicing's own path). */
const platformPdfUrl = (row: StatementRow) => `/api/invoices/${encodeURIComponent(row.invoiceId)}/pdf`;
/** For the club: its own download path. */
const clubPdfUrl = (row: StatementRow) =>
  `/api/organizations/${encodeURIComponent(row.clientOrganizationId)}/platform-invoices/${encodeURIComponent(row.invoiceId)}/pdf`;

const filterOf = (query: StatementListQuery): StatementFilter => ({
  month: query.month,
  clientOrganizationId: query.organizationId,
  status: query.status,
});

/** The platform's statements as the system administrator and the clubs read them. */
export function createPlatformBillingService(ctx: AppContext) {
  const statements = createStatementsRepository(ctx.db);
  const pdfs = createInvoicePdfs(ctx);

  return {
    async list(auth: AuthContext, query: StatementListQuery): Promise<StatementPage> {
      requirePlatformBiller(auth);
      const filter = filterOf(query);
      const [{ rows, total }, months] = await Promise.all([
        statements.list(filter, query.pageSize, (query.page - 1) * query.pageSize),
        statements.monthTotals(filter),
      ]);
      return {
        items: rows.map((row) => toSummary(row, platformPdfUrl(row))),
        total,
        page: query.page,
        pageSize: query.pageSize,
        months,
      };
    },

    async exportCsv(auth: AuthContext, query: StatementListQuery, locale: Locale): Promise<string> {
      requirePlatformBiller(auth);
      const rows = await statements.exportRows(filterOf(query), EXPORT_LIMIT);
      const format = { quoteText: 'always', decimalSeparator: locale === 'fr' ? ',' : '.' } as const;
      const header =
        locale === 'fr'
          ? [
              'Mois',
              'Organisation',
              'Clé',
              'Numéro',
              'Date',
              'Échéance',
              'Statut',
              'Total TVAC',
              'Crédité',
              'Payé',
              'Solde',
            ]
          : [
              'Month',
              'Organisation',
              'Key',
              'Number',
              'Date',
              'Due date',
              'Status',
              'Total incl. VAT',
              'Credited',
              'Paid',
              'Balance',
            ];
      const lines = rows.map((row) =>
        csvLine(
          [
            row.month,
            row.clientName,
            row.clientKey,
            row.number,
            row.issueDate,
            row.dueDate,
            INVOICE_STATUSES.label(row.status, locale),
            csvAmount(row.totalAmount),
            csvAmount(row.creditedAmount),
            csvAmount(row.paidAmount),
            csvAmount(balanceOf(row)),
          ],
          format,
        ),
      );
      return CSV_BOM + csvLine(header, format) + lines.join('');
    },

    async detail(auth: AuthContext, statementId: string): Promise<StatementDetail> {
      requirePlatformBiller(auth);
      const row = await statements.find(statementId);
      if (!row) throw new AppError('not_found');
      const { detail } = await invoiceDetailOf(ctx.db, SYSTEM_ORGANIZATION_ID, row.invoiceId);
      return { ...toSummary(row, platformPdfUrl(row)), invoice: detail };
    },

    /** The club's platform invoices, latest month first (at most three years of them). */
    async clubInvoices(auth: AuthContext, organizationId: string) {
      requireClubAdminOrStaff(auth, organizationId);
      const { rows } = await statements.list({ clientOrganizationId: organizationId }, 36, 0);
      return { items: rows.map((row) => toSummary(row, clubPdfUrl(row))) };
    },

    async clubInvoicePdf(auth: AuthContext, organizationId: string, invoiceId: string) {
      requireClubAdminOrStaff(auth, organizationId);
      const row = await statements.findByInvoice(organizationId, invoiceId);
      if (!row) throw new AppError('not_found');
      return pdfs.invoicePdfOf(SYSTEM_ORGANIZATION_ID, row.invoiceId);
    },
  };
}
