import {
  type BankStatementResult,
  type BankTransaction,
  canManageAccounting,
  INVOICE_MESSAGES,
  type Locale,
  resolveLocale,
} from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import type { JobContext } from '../../jobs/queue';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { type AuthContext, toActor } from '../../lib/access';
import { createUserRepository } from '../users/user.repository';
import { invoiceBalance } from '../invoicing/invoicing.dto';
import { createInvoicingRepository } from '../invoicing/invoicing.repository';
import { recordFreeInvoicePayment } from '../invoicing/free-invoices';
import { createOrdersService } from '../orders/orders.service';
import { formatReferenceForTransfer } from '../../lib/transfer/references';
import {
  type ParsedTransaction,
  parseBankStatement,
  statementFormatOf,
  UnreadableStatementError,
} from './bank-statements/bank-statement.parser';
import { parseInWorker } from './bank-statements/parse-in-worker';
import {
  createBankStatementsRepository,
  type ImportRecord,
  type TransactionRecord,
} from './bank-statements.repository';
import { creditTransfers, newBankTransaction, runsInBackground, slices } from './bank-statements.rules';

export const BANK_IMPORT_QUEUE = 'accounting.bank-import';
const BANK_IMPORT_ATTEMPTS = 3;
/** The first transfers left for manual matching that an import's result lists (the list pages the rest). */
const UNMATCHED_LISTED = 100;

/**
 * A background import's job: ids only (no address or name in the jobs table). The accountant who uploaded
 * the statement, whose the payments it records are, is read again when the job runs.
 */
interface BankImportJob {
  importId: string;
  userId: string;
  /** The organisation of the uploader's account (the system organisation for platform staff). */
  homeOrganizationId: string;
  sessionId: string;
  impersonatorUserId: string | null;
  locale: Locale;
}

function toTransaction(row: TransactionRecord): BankTransaction {
  const { structuredReference, ...rest } = row;
  return { ...rest, reference: structuredReference ? formatReferenceForTransfer(structuredReference) : null };
}

function unreadable(reason: string, locale: Locale) {
  return new AppError('validation_failed', [
    { field: 'file', rule: reason, message: INVOICE_MESSAGES.statementUnreadable[locale] },
  ]);
}

/** Why an import stopped, for the person who follows it. */
function failureMessage(failure: string, locale: Locale): string {
  return failure === 'error'
    ? INVOICE_MESSAGES.importFailed[locale]
    : INVOICE_MESSAGES.statementUnreadable[locale];
}

/**
 * Bank statements (CAMT.053, CODA): the credit transfers are recorded once each (the bank's entry key is
 * unique per organisation, so importing a file twice records nothing twice), and a transfer whose
 * structured reference names an unpaid invoice, for no more than its balance, pays it at once — in the
 * same transaction that marks the line matched. The others wait for a manager to match or ignore them.
 *
 * A small statement is imported during the upload; a large one by a background job (`runImport`) that
 * reads it on a worker thread and records it slice by slice, its progress stored on the import.
 */
export function createBankStatementsService(ctx: AppContext) {
  const orders = createOrdersService(ctx);
  const repository = createBankStatementsRepository(ctx.db);

  function requireAccountant(auth: AuthContext) {
    if (!canManageAccounting(auth.actor, auth.establishmentId)) throw new AppError('forbidden');
  }

  /** Pays `invoiceId` with the bank line, and marks the line matched, in one transaction. */
  async function settle(auth: AuthContext, transactionId: string, invoiceId: string, locale: Locale) {
    const organizationId = auth.organizationId;
    const line = await repository.findTransaction(organizationId, transactionId);
    if (!line) throw new AppError('not_found');
    if (line.status === 'matched') throw new AppError('transaction_already_matched');
    const invoice = await createInvoicingRepository(ctx.db).findInvoice(organizationId, invoiceId);
    if (!invoice) throw new AppError('not_found');
    if (invoice.status === 'cancelled') throw new AppError('invoice_cancelled');
    if (line.amount > invoiceBalance(invoice)) {
      throw new AppError('validation_failed', [
        { field: 'invoiceId', rule: 'amount', message: INVOICE_MESSAGES.amountMismatch[locale] },
      ]);
    }
    const markMatched = async (tx: Executor, paymentId: string | null) => {
      const settled = { invoiceId, orderId: invoice.order_id, paymentId };
      // Matched meanwhile by someone else: roll the payment back with it.
      if (!(await createBankStatementsRepository(tx).markMatched(organizationId, transactionId, settled)))
        throw new AppError('transaction_already_matched');
    };
    const paidOn = line.bookingDate;
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

  /**
   * Records the credits slice by slice from `from` on, and settles after each slice the invoices its
   * transfers name. The progress stored after each slice is where a resumed job picks up: a slice cut
   * short is recorded again (its transfers already there are skipped) and its matches finished.
   */
  async function record(
    auth: AuthContext,
    importId: string,
    credits: ParsedTransaction[],
    locale: Locale,
    from = 0,
  ) {
    const organizationId = auth.organizationId;
    for (const { start, end } of slices(credits.length, from)) {
      const slice = credits.slice(start, end);
      await repository.insertTransactions(
        organizationId,
        importId,
        slice.map((t) => newBankTransaction(newId('btx'), t)),
      );
      let matched = 0;
      const candidates = await repository.matchCandidates(
        organizationId,
        importId,
        slice.map((t) => t.key),
      );
      for (const { transactionId, invoiceId } of candidates) {
        try {
          await settle(auth, transactionId, invoiceId, locale);
          matched++;
        } catch (error) {
          // Not payable as is (more than the balance, paid by an earlier transfer…): left for manual matching.
          if (!(error instanceof AppError)) throw error;
        }
      }
      await repository.recordProgress(organizationId, importId, end, matched);
    }
    await repository.finishImport(organizationId, importId);
  }

  /** The uploader of a background import, as when they uploaded it (their account read again). */
  async function uploaderOf(organizationId: string, job: BankImportJob): Promise<AuthContext> {
    const account = await createUserRepository(ctx.db).findAccountById(job.homeOrganizationId, job.userId);
    if (!account) throw new Error(`The account that uploaded import ${job.importId} is gone`);
    const { user } = account;
    return {
      userId: user.id,
      homeOrganizationId: job.homeOrganizationId,
      organizationId,
      sessionId: job.sessionId,
      actor: toActor(user),
      familyId: user.familyId,
      establishmentId: user.establishmentId,
      email: user.email,
      locale: resolveLocale(user.locale),
      impersonatorUserId: job.impersonatorUserId,
    };
  }

  async function resultOf(organizationId: string, found: ImportRecord, locale: Locale) {
    const unmatched =
      found.status === 'done'
        ? await repository.unmatchedOfImport(organizationId, found.id, UNMATCHED_LISTED)
        : { rows: [], total: 0 };
    return {
      importId: found.id,
      fileName: found.fileName,
      format: found.format,
      status: found.status,
      transactions: found.transactionCount,
      processed: found.processedCount,
      duplicates: found.duplicateCount,
      matched: found.matchedCount,
      unmatchedCount: unmatched.total,
      unmatched: unmatched.rows.map(toTransaction),
      error: found.failure ? failureMessage(found.failure, locale) : null,
    } satisfies BankStatementResult;
  }

  async function importResult(organizationId: string, importId: string, locale: Locale) {
    const found = await repository.findImport(organizationId, importId);
    if (!found) throw new AppError('not_found');
    return resultOf(organizationId, found, locale);
  }

  return {
    /** `background` when the import goes on in a job: the result then says how far it is. */
    async importStatement(
      auth: AuthContext,
      file: { data: Buffer; fileName: string | null },
      locale: Locale,
    ): Promise<{ result: BankStatementResult; background: boolean }> {
      requireAccountant(auth);
      const organizationId = auth.organizationId;
      const importId = newId('bsi');
      const fileName = (file.fileName ?? 'statement').slice(0, 200);
      const owner = { organizationId, id: importId, fileName, importedByUserId: auth.userId };

      if (runsInBackground(file.data.length)) {
        // Read later, on a worker thread; what it claims to be is checked now, so a wrong file is refused
        // at once. The job exists only if the import does.
        const format = statementFormatOf(file.data);
        if (!format) throw unreadable('unsupported-format', locale);
        await ctx.db.transaction(async (tx) => {
          await createBankStatementsRepository(tx).createImport({ ...owner, format, content: file.data });
          const job: BankImportJob = {
            importId,
            userId: auth.userId,
            homeOrganizationId: auth.homeOrganizationId,
            sessionId: auth.sessionId,
            impersonatorUserId: auth.impersonatorUserId,
            locale,
          };
          await ctx.queue.enqueue(BANK_IMPORT_QUEUE, { ...job }, { organizationId, executor: tx });
        });
        return { result: await importResult(organizationId, importId, locale), background: true };
      }

      let statement;
      try {
        statement = parseBankStatement(file.data, fileName);
      } catch (error) {
        if (!(error instanceof UnreadableStatementError)) throw error;
        throw unreadable(error.reason, locale);
      }
      const credits = creditTransfers(statement.transactions);
      await repository.createImport({ ...owner, format: statement.format });
      await repository.setTransactionCount(organizationId, importId, credits.length);
      try {
        await record(auth, importId, credits, locale);
      } catch (error) {
        await repository.failImport(organizationId, importId, 'error');
        throw error;
      }
      return { result: await importResult(organizationId, importId, locale), background: false };
    },

    /** The job of a background import: read the file, then record and match it from where it stopped. */
    async runImport(job: BankImportJob, { attempt, organizationId }: JobContext): Promise<void> {
      const { importId, locale } = job;
      if (!organizationId) return;
      const found = await repository.findImport(organizationId, importId);
      if (found?.status !== 'running') return;
      try {
        const auth = await uploaderOf(organizationId, job);
        const content = await repository.importContent(organizationId, importId);
        if (!content) throw new Error(`Import ${importId} has no file`);
        let statement;
        try {
          statement = await parseInWorker(content, found.fileName);
        } catch (error) {
          if (!(error instanceof UnreadableStatementError)) throw error;
          await repository.failImport(organizationId, importId, error.reason);
          return;
        }
        const credits = creditTransfers(statement.transactions);
        await repository.setTransactionCount(organizationId, importId, credits.length);
        await record(auth, importId, credits, locale, found.processedCount);
      } catch (error) {
        if (attempt >= BANK_IMPORT_ATTEMPTS) await repository.failImport(organizationId, importId, 'error');
        throw error;
      }
    },

    async getImport(auth: AuthContext, importId: string, locale: Locale) {
      requireAccountant(auth);
      return importResult(auth.organizationId, importId, locale);
    },

    async list(auth: AuthContext, query: { status?: string; page: number; pageSize: number }) {
      requireAccountant(auth);
      const { rows, total } = await repository.listTransactions(auth.organizationId, {
        status: query.status,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return { items: rows.map(toTransaction), total, page: query.page, pageSize: query.pageSize };
    },

    async match(auth: AuthContext, transactionId: string, invoiceId: string, locale: Locale) {
      requireAccountant(auth);
      await settle(auth, transactionId, invoiceId, locale);
      return toTransaction((await repository.findTransaction(auth.organizationId, transactionId))!);
    },

    async ignore(auth: AuthContext, transactionId: string) {
      requireAccountant(auth);
      const ignored = await repository.ignore(auth.organizationId, transactionId);
      const line = await repository.findTransaction(auth.organizationId, transactionId);
      if (!line) throw new AppError('not_found');
      if (!ignored) throw new AppError('transaction_already_matched');
      return toTransaction(line);
    },
  };
}

/** Background imports run wherever the job queue runs (any instance), one attempt after another. */
export function registerBankImportJob(ctx: AppContext): void {
  const service = createBankStatementsService(ctx);
  ctx.queue.register<BankImportJob>(BANK_IMPORT_QUEUE, (job, context) => service.runImport(job, context), {
    maxAttempts: BANK_IMPORT_ATTEMPTS,
  });
}
