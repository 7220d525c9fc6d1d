import {
  type BankStatementResult,
  type BankTransaction,
  canManageAccounting,
  INVOICE_MESSAGES,
  type Locale,
} from '@inscrio/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { type Executor, rowsOf } from '../../db/client';
import { bankStatementImports, bankTransactions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import type { AuthContext } from '../../plugins/auth';
import { invoiceBalance } from '../invoicing/invoicing.dto';
import { createInvoicingRepository } from '../invoicing/invoicing.repository';
import { recordFreeInvoicePayment } from '../invoicing/invoicing.service';
import { createOrdersService } from '../orders/orders.service';
import { formatReferenceForTransfer } from '../payments/offline/references';
import { parseBankStatement, UnreadableStatementError } from './bank-statements/bank-statement.parser';

/** Above this a transfer is not a family's payment (and would not fit the cents column). */
const MAX_AMOUNT = 100_000_000;

interface TransactionRow {
  id: string;
  booking_date: string;
  amount: number;
  structured_reference: string | null;
  communication: string | null;
  counterparty_name: string | null;
  counterparty_iban: string | null;
  status: string;
  invoice_id: string | null;
  invoice_number: string | null;
}

const TRANSACTION_COLUMNS = sql`t.id, t.booking_date::text as booking_date, t.amount, t.structured_reference,
  t.communication, t.counterparty_name, t.counterparty_iban, t.status, t.invoice_id, i.number as invoice_number`;
const FROM_TRANSACTIONS = sql`from bank_transactions t
  left join invoices i on i.organization_id = t.organization_id and i.id = t.invoice_id`;

function toTransaction(row: TransactionRow): BankTransaction {
  return {
    id: row.id,
    bookingDate: row.booking_date,
    amount: row.amount,
    reference: row.structured_reference ? formatReferenceForTransfer(row.structured_reference) : null,
    communication: row.communication,
    counterpartyName: row.counterparty_name,
    counterpartyIban: row.counterparty_iban,
    status: row.status as BankTransaction['status'],
    invoiceId: row.invoice_id,
    invoiceNumber: row.invoice_number,
  };
}

/**
 * Bank statements (CAMT.053, CODA): the credit transfers are recorded once each (the bank's entry key is
 * unique per organisation, so importing a file twice records nothing twice), and a transfer whose
 * structured reference names an unpaid invoice, for no more than its balance, pays it at once — in the
 * same transaction that marks the line matched. The others wait for a manager to match or ignore them.
 */
export function createBankStatementsService(ctx: AppContext) {
  const orders = createOrdersService(ctx);

  function requireAccountant(auth: AuthContext) {
    if (!canManageAccounting(auth.actor, auth.establishmentId)) throw new AppError('forbidden');
  }

  async function transactions(db: Executor, organizationId: string, where: SQL, limit = 100, offset = 0) {
    return rowsOf<TransactionRow>(
      await db.execute(sql`select ${TRANSACTION_COLUMNS} ${FROM_TRANSACTIONS}
        where t.organization_id = ${organizationId} and ${where}
        order by t.booking_date desc, t.id limit ${limit} offset ${offset}`),
    );
  }

  /** Pays `invoiceId` with the bank line, and marks the line matched, in one transaction. */
  async function settle(auth: AuthContext, transactionId: string, invoiceId: string, locale: Locale) {
    const organizationId = auth.organizationId;
    const [line] = await transactions(ctx.db, organizationId, sql`t.id = ${transactionId}`);
    if (!line) throw new AppError('not_found');
    if (line.status === 'matched') throw new AppError('conflict', [], INVOICE_MESSAGES.transactionMatched);
    const invoice = await createInvoicingRepository(ctx.db).findInvoice(organizationId, invoiceId);
    if (!invoice) throw new AppError('not_found');
    if (invoice.status === 'cancelled') throw new AppError('conflict', [], INVOICE_MESSAGES.invoiceCancelled);
    if (line.amount > invoiceBalance(invoice)) {
      throw new AppError('validation_failed', [
        { field: 'invoiceId', rule: 'amount', message: INVOICE_MESSAGES.amountMismatch[locale] },
      ]);
    }
    const markMatched = async (tx: Executor, paymentId: string | null) => {
      const updated = await tx.execute(sql`update bank_transactions
        set status = 'matched', invoice_id = ${invoiceId}, order_id = ${invoice.order_id}, payment_id = ${paymentId}
        where organization_id = ${organizationId} and id = ${transactionId} and status <> 'matched'
        returning id`);
      // Matched meanwhile by someone else: roll the payment back with it.
      if (rowsOf(updated).length === 0)
        throw new AppError('conflict', [], INVOICE_MESSAGES.transactionMatched);
    };
    const paidOn = line.booking_date;
    if (invoice.order_id) {
      await orders.recordOfflinePayment(
        auth,
        invoice.order_id,
        { amount: line.amount, receivedOn: paidOn, method: 'transfer' },
        locale,
        markMatched,
      );
    } else {
      await ctx.db.transaction(async (tx) => {
        await recordFreeInvoicePayment(ctx, tx, auth, invoiceId, {
          amount: line.amount,
          method: 'transfer',
          paidOn,
        });
        await markMatched(tx, null);
      });
    }
  }

  return {
    async importStatement(
      auth: AuthContext,
      file: { data: Buffer; fileName: string | null },
      locale: Locale,
    ): Promise<BankStatementResult> {
      requireAccountant(auth);
      const organizationId = auth.organizationId;
      let statement;
      try {
        statement = parseBankStatement(file.data, file.fileName ?? 'statement');
      } catch (error) {
        if (!(error instanceof UnreadableStatementError)) throw error;
        throw new AppError('validation_failed', [
          { field: 'file', rule: error.reason, message: INVOICE_MESSAGES.statementUnreadable[locale] },
        ]);
      }
      const credits = statement.transactions.filter((t) => t.amount > 0 && t.amount <= MAX_AMOUNT);
      const importId = newId('bsi');
      const fresh = await ctx.db.transaction(async (tx) => {
        await tx.insert(bankStatementImports).values({
          organizationId,
          id: importId,
          fileName: (file.fileName ?? 'statement').slice(0, 200),
          format: statement.format,
          transactionCount: credits.length,
          importedByUserId: auth.userId,
        });
        if (credits.length === 0) return [];
        const inserted = await tx
          .insert(bankTransactions)
          .values(
            credits.map((t) => ({
              organizationId,
              id: newId('btx'),
              importId,
              transactionKey: t.key,
              bookingDate: t.bookingDate,
              amount: t.amount,
              structuredReference: t.structuredReference,
              communication: t.communication?.slice(0, 500) ?? null,
              counterpartyName: t.counterpartyName?.slice(0, 200) ?? null,
              counterpartyIban: t.counterpartyIban,
            })),
          )
          .onConflictDoNothing({ target: [bankTransactions.organizationId, bankTransactions.transactionKey] })
          .returning({ id: bankTransactions.id, reference: bankTransactions.structuredReference });
        return inserted;
      });

      let matched = 0;
      for (const line of fresh) {
        if (!line.reference) continue;
        const [invoice] = rowsOf<{ id: string }>(
          await ctx.db.execute(sql`select id from invoices
            where organization_id = ${organizationId} and structured_reference = ${line.reference}
              and status in ('pending', 'overdue', 'processing')`),
        );
        if (!invoice) continue;
        try {
          await settle(auth, line.id, invoice.id, locale);
          matched++;
        } catch (error) {
          // Not payable as is (more than the balance…): left for manual matching.
          if (!(error instanceof AppError)) throw error;
        }
      }
      await ctx.db.execute(sql`update bank_statement_imports set matched_count = ${matched}
        where organization_id = ${organizationId} and id = ${importId}`);
      const unmatched = fresh.length
        ? await transactions(
            ctx.db,
            organizationId,
            sql`t.status = 'unmatched' and t.id in (${sql.join(
              fresh.map((f) => sql`${f.id}`),
              sql`, `,
            )})`,
            1000,
          )
        : [];
      return {
        importId,
        format: statement.format,
        transactions: credits.length,
        duplicates: credits.length - fresh.length,
        matched,
        unmatched: unmatched.map(toTransaction),
      };
    },

    async list(auth: AuthContext, query: { status?: string; page: number; pageSize: number }) {
      requireAccountant(auth);
      const where = query.status ? sql`t.status = ${query.status}` : sql`true`;
      const [rows, [counted]] = await Promise.all([
        transactions(ctx.db, auth.organizationId, where, query.pageSize, (query.page - 1) * query.pageSize),
        ctx.db
          .execute(
            sql`select count(*)::int as total from bank_transactions t
            where t.organization_id = ${auth.organizationId} and ${where}`,
          )
          .then((r) => rowsOf<{ total: number }>(r)),
      ]);
      return {
        items: rows.map(toTransaction),
        total: counted?.total ?? 0,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async match(auth: AuthContext, transactionId: string, invoiceId: string, locale: Locale) {
      requireAccountant(auth);
      await settle(auth, transactionId, invoiceId, locale);
      const [row] = await transactions(ctx.db, auth.organizationId, sql`t.id = ${transactionId}`);
      return toTransaction(row!);
    },

    async ignore(auth: AuthContext, transactionId: string) {
      requireAccountant(auth);
      const [row] = rowsOf<{ id: string }>(
        await ctx.db.execute(sql`update bank_transactions set status = 'ignored'
          where organization_id = ${auth.organizationId} and id = ${transactionId} and status = 'unmatched'
          returning id`),
      );
      const [line] = await transactions(ctx.db, auth.organizationId, sql`t.id = ${transactionId}`);
      if (!line) throw new AppError('not_found');
      if (!row) throw new AppError('conflict', [], INVOICE_MESSAGES.transactionMatched);
      return toTransaction(line);
    },
  };
}
