import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client';
import type { BankImportStatus, NewBankTransaction } from './bank-statements.rules';

/** A transfer read from a statement, with the number of the invoice it paid. */
export interface TransactionRecord {
  id: string;
  bookingDate: string;
  amount: number;
  structuredReference: string | null;
  communication: string | null;
  counterpartyName: string | null;
  counterpartyIban: string | null;
  status: 'matched' | 'unmatched' | 'ignored';
  invoiceId: string | null;
  invoiceNumber: string | null;
}

/** An import of a statement and how far it went. */
export interface ImportRecord {
  id: string;
  fileName: string;
  format: 'camt053' | 'coda';
  status: BankImportStatus;
  transactionCount: number;
  processedCount: number;
  matchedCount: number;
  duplicateCount: number;
  failure: string | null;
}

/** A transfer of an import whose structured reference names an invoice still to pay. */
export interface MatchCandidate {
  transactionId: string;
  invoiceId: string;
}

/** The file is kept and read back in pieces: decoding one 50 MB value at once would block the thread. */
const CONTENT_PIECE_BYTES = 1024 * 1024;

const TRANSACTION_COLUMNS = sql`t.id, t.booking_date::text as "bookingDate", t.amount,
  t.structured_reference as "structuredReference", t.communication, t.counterparty_name as "counterpartyName",
  t.counterparty_iban as "counterpartyIban", t.status, t.invoice_id as "invoiceId", i.number as "invoiceNumber"`;
const FROM_TRANSACTIONS = sql`from bank_transactions t
  left join invoices i on i.organization_id = t.organization_id and i.id = t.invoice_id`;
/** The transfers of an import still running are not shown: nothing half-imported looks done. */
const OF_FINISHED_IMPORTS = sql`not exists (select 1 from bank_statement_imports s
  where s.organization_id = t.organization_id and s.id = t.import_id and s.status = 'running')`;
const IMPORT_COLUMNS = sql`id, file_name as "fileName", format, status, transaction_count as "transactionCount",
  processed_count as "processedCount", matched_count as "matchedCount", duplicate_count as "duplicateCount", failure`;

/** Bank statement imports and the transfers they recorded; every query is scoped to the organisation. */
export function createBankStatementsRepository(db: Executor) {
  async function transactions(organizationId: string, where: SQL, limit: number, offset = 0) {
    return rowsOf<TransactionRecord>(
      await db.execute(sql`select ${TRANSACTION_COLUMNS} ${FROM_TRANSACTIONS}
        where t.organization_id = ${organizationId} and ${where}
        order by t.booking_date desc, t.id limit ${limit} offset ${offset}`),
    );
  }

  return {
    async createImport(input: {
      organizationId: string;
      id: string;
      fileName: string;
      format: 'camt053' | 'coda';
      importedByUserId: string;
      /** The file, for an import that runs in the background. */
      content?: Buffer;
    }): Promise<void> {
      await db.execute(sql`insert into bank_statement_imports
          (organization_id, id, file_name, format, status, content, imported_by_user_id)
        values (${input.organizationId}, ${input.id}, ${input.fileName}, ${input.format}, 'running',
          ${input.content ?? null}, ${input.importedByUserId})`);
    },

    async findImport(organizationId: string, importId: string): Promise<ImportRecord | undefined> {
      const [row] = rowsOf<ImportRecord>(
        await db.execute(sql`select ${IMPORT_COLUMNS} from bank_statement_imports
          where organization_id = ${organizationId} and id = ${importId}`),
      );
      return row;
    },

    /** The uploaded file of a background import, or null once done. */
    async importContent(organizationId: string, importId: string): Promise<Buffer | null> {
      const where = sql`where organization_id = ${organizationId} and id = ${importId}`;
      const [size] = rowsOf<{ bytes: number | null }>(
        await db.execute(sql`select octet_length(content) as bytes from bank_statement_imports ${where}`),
      );
      if (size?.bytes == null) return null;
      const pieces: Buffer[] = [];
      for (let start = 0; start < size.bytes; start += CONTENT_PIECE_BYTES) {
        const [row] = rowsOf<{ piece: Buffer }>(
          await db.execute(sql`select substring(content from ${start + 1} for ${CONTENT_PIECE_BYTES}) as piece
            from bank_statement_imports ${where}`),
        );
        pieces.push(Buffer.from(row!.piece));
      }
      return Buffer.concat(pieces);
    },

    async setTransactionCount(organizationId: string, importId: string, count: number): Promise<void> {
      await db.execute(sql`update bank_statement_imports set transaction_count = ${count}, updated_at = now()
        where organization_id = ${organizationId} and id = ${importId}`);
    },

    /**
     * Records transfers not recorded yet (the bank's key is unique per organisation: one already there,
     * from this import or an earlier one, is skipped). One statement whatever the number of rows: they
     * travel as one JSON parameter, far from PostgreSQL's 65,535-parameter limit.
     */
    async insertTransactions(
      organizationId: string,
      importId: string,
      rows: NewBankTransaction[],
    ): Promise<number> {
      if (rows.length === 0) return 0;
      const inserted = await db.execute(sql`insert into bank_transactions (organization_id, id, import_id,
          transaction_key, booking_date, amount, structured_reference, communication, counterparty_name,
          counterparty_iban)
        select ${organizationId}, r.id, ${importId}, r.key, r."bookingDate", r.amount, r."structuredReference",
          r.communication, r."counterpartyName", r."counterpartyIban"
        from json_to_recordset(${JSON.stringify(rows)}::json) as r(id text, key text, "bookingDate" date,
          amount integer, "structuredReference" text, communication text, "counterpartyName" text,
          "counterpartyIban" text)
        on conflict (organization_id, transaction_key) do nothing
        returning id`);
      return rowsOf(inserted).length;
    },

    /**
     * This import's transfers among `keys`, not matched yet, whose structured reference is an invoice
     * still to pay, in the file's order. A transfer recorded by an earlier import is not this import's to
     * match, and one matched already is left alone: each transfer is settled at most once.
     */
    async matchCandidates(
      organizationId: string,
      importId: string,
      keys: string[],
    ): Promise<MatchCandidate[]> {
      if (keys.length === 0) return [];
      return rowsOf<MatchCandidate>(
        await db.execute(sql`select t.id as "transactionId", i.id as "invoiceId"
          from json_array_elements_text(${JSON.stringify(keys)}::json) with ordinality as k(key, position)
          join bank_transactions t on t.organization_id = ${organizationId} and t.transaction_key = k.key
          join invoices i on i.organization_id = t.organization_id
            and i.structured_reference = t.structured_reference
            and i.status in ('pending', 'overdue', 'processing')
          where t.import_id = ${importId} and t.status = 'unmatched'
          order by k.position`),
      );
    },

    async recordProgress(organizationId: string, importId: string, processed: number, matched: number) {
      await db.execute(sql`update bank_statement_imports
        set processed_count = ${processed}, matched_count = matched_count + ${matched}, updated_at = now()
        where organization_id = ${organizationId} and id = ${importId}`);
    },

    /** Done: the counts from what was recorded (exact even after a resumed run); the file is let go. */
    async finishImport(organizationId: string, importId: string): Promise<void> {
      await db.execute(sql`update bank_statement_imports s
        set status = 'done', content = null, processed_count = s.transaction_count,
          matched_count = c.matched, duplicate_count = s.transaction_count - c.stored, updated_at = now()
        from (select count(*)::int as stored, (count(*) filter (where status = 'matched'))::int as matched
          from bank_transactions where organization_id = ${organizationId} and import_id = ${importId}) c
        where s.organization_id = ${organizationId} and s.id = ${importId}`);
    },

    /** Stopped: what was recorded stays (importing the file again records the rest, nothing twice). */
    async failImport(organizationId: string, importId: string, failure: string): Promise<void> {
      await db.execute(sql`update bank_statement_imports
        set status = 'failed', failure = ${failure}, content = null, updated_at = now()
        where organization_id = ${organizationId} and id = ${importId}`);
    },

    async findTransaction(organizationId: string, transactionId: string) {
      const [row] = await transactions(organizationId, sql`t.id = ${transactionId}`, 1);
      return row;
    },

    async listTransactions(
      organizationId: string,
      query: { status?: string; limit: number; offset: number },
    ) {
      const where = sql`${query.status ? sql`t.status = ${query.status}` : sql`true`} and ${OF_FINISHED_IMPORTS}`;
      const [rows, counted] = await Promise.all([
        transactions(organizationId, where, query.limit, query.offset),
        db.execute(sql`select count(*)::int as total from bank_transactions t
          where t.organization_id = ${organizationId} and ${where}`),
      ]);
      return { rows, total: rowsOf<{ total: number }>(counted)[0]?.total ?? 0 };
    },

    /** An import's transfers left for manual matching, and how many there are. */
    async unmatchedOfImport(organizationId: string, importId: string, limit: number) {
      const where = sql`t.import_id = ${importId} and t.status = 'unmatched'`;
      const [rows, counted] = await Promise.all([
        transactions(organizationId, where, limit),
        db.execute(sql`select count(*)::int as total from bank_transactions t
          where t.organization_id = ${organizationId} and ${where}`),
      ]);
      return { rows, total: rowsOf<{ total: number }>(counted)[0]?.total ?? 0 };
    },

    /** False when the transfer was matched meanwhile (by someone else). */
    async markMatched(
      organizationId: string,
      transactionId: string,
      settled: { invoiceId: string; orderId: string | null; paymentId: string | null },
    ): Promise<boolean> {
      const updated = await db.execute(sql`update bank_transactions
        set status = 'matched', invoice_id = ${settled.invoiceId}, order_id = ${settled.orderId},
          payment_id = ${settled.paymentId}
        where organization_id = ${organizationId} and id = ${transactionId} and status <> 'matched'
        returning id`);
      return rowsOf(updated).length > 0;
    },

    /** False when the transfer is not waiting (matched or ignored already). */
    async ignore(organizationId: string, transactionId: string): Promise<boolean> {
      const updated = await db.execute(sql`update bank_transactions set status = 'ignored'
        where organization_id = ${organizationId} and id = ${transactionId} and status = 'unmatched'
        returning id`);
      return rowsOf(updated).length > 0;
    },
  };
}
