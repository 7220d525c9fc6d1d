import {
  isAtLeastEstManager,
  type Locale,
  type ReportFormat,
  type ReportKind,
  type ReportRequest,
  type StoredDocument,
} from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { organizationUrl } from '../../config';
import type { JobContext } from '../../jobs/queue';
import { AppError } from '../../lib/app-error';
import { type AuthContext, establishmentScope } from '../../lib/access';
import { CSV_BOM, csvLine, type CsvValue } from '../../lib/csv';
import { createDocumentStore } from '../documents/document-store';
import { toStoredDocument } from '../documents/stored-document.dto';
import { createOrganizationRepository } from '../organizations/organization.repository';
import { createUserRepository } from '../users/user.repository';
import { ReportPdf } from './report-pdf';
import {
  createReportsRepository,
  type MembersReportRow,
  REPORT_BATCH,
  type ReportScope,
} from './reports.repository';
import { reportPdfLayout } from './reports.pdf-layout';
import {
  memberCells,
  orderCells,
  planningCells,
  reportContentType,
  reportFileName,
  reportHeader,
  reportTitle,
} from './reports.rules';

export const REPORT_QUEUE = 'reports.build';
export const REPORT_ATTEMPTS = 3;

/** A report's job: ids, dates and choices only (no name nor address in the jobs table). */
export interface ReportJob {
  documentId: string;
  kind: ReportKind;
  format: ReportFormat;
  from: string;
  to: string;
  establishmentId: string | null;
  blueprintId: string | null;
  serviceId: string | null;
  locale: Locale;
  /** The manager who asked for it, told by e-mail when it is ready. */
  userId: string;
}

interface Batch {
  cells: CsvValue[][];
  /** Each row's session, for the attendance sheet's sections. */
  sections: (string | null)[];
  after: string | null;
}

/**
 * Reports (`report.orders`, `report.planning-activities`, `report.members-list`): asked by a manager,
 * built by a background job that reads the rows by batches and streams them, as CSV (the one writer) or
 * PDF, into a stored document whose progress the manager's screen follows.
 */
export function createReportsService(ctx: AppContext) {
  const store = createDocumentStore(ctx.db, () => ctx.clock.now());
  const repository = createReportsRepository(ctx.db);

  /** The report's rows, a batch after the other, as cells (and the session each row is of). */
  async function nextBatch(job: ReportJob, scope: ReportScope, after: string | null): Promise<Batch | null> {
    const section = (row: MembersReportRow) => `${row.activity} — ${row.day} ${row.time}`;
    let rows: { sort_key: string }[];
    let cells: CsvValue[][];
    let sections: (string | null)[] = [];
    if (job.kind === 'report.orders') {
      const batch = await repository.orders(scope, after);
      rows = batch;
      cells = batch.map((row) => orderCells(row, job.locale));
    } else if (job.kind === 'report.planning-activities') {
      const batch = await repository.sessions(scope, after);
      rows = batch;
      cells = batch.map((row) => planningCells(row, job.locale));
    } else {
      const batch = await repository.participants(scope, after);
      rows = batch;
      cells = batch.map((row) => memberCells(row, job.locale));
      sections = batch.map(section);
    }
    if (rows.length === 0) return null;
    return { cells, sections, after: rows.at(-1)!.sort_key };
  }

  /** Reads every batch, telling the progress after each; stops after a short batch (the last). */
  async function* batches(job: ReportJob, scope: ReportScope, organizationId: string, total: number) {
    let after: string | null = null;
    let done = 0;
    for (;;) {
      const batch = await nextBatch(job, scope, after);
      if (!batch) return;
      yield batch;
      done += batch.cells.length;
      after = batch.after;
      await store.progress(organizationId, job.documentId, Math.min(done, total), total);
      if (batch.cells.length < REPORT_BATCH) return;
    }
  }

  async function* csvContent(job: ReportJob, scope: ReportScope, organizationId: string, total: number) {
    yield CSV_BOM + csvLine(reportHeader(job.kind, job.locale));
    for await (const batch of batches(job, scope, organizationId, total)) {
      yield batch.cells.map((cells) => csvLine(cells)).join('');
    }
  }

  async function* pdfContent(
    job: ReportJob,
    scope: ReportScope,
    organizationId: string,
    total: number,
    title: string,
  ) {
    const layout = reportPdfLayout(job.kind, job.locale);
    const pdf = new ReportPdf(title, layout.subtitle(total), layout.columns, layout.options);
    let currentSection: string | null = null;
    let rows = 0;
    for await (const batch of batches(job, scope, organizationId, total)) {
      batch.cells.forEach((cells, i) => {
        const section = batch.sections[i] ?? null;
        if (section !== null && section !== currentSection) {
          currentSection = section;
          pdf.section(section);
        }
        pdf.row(layout.cells(cells));
        rows++;
      });
      yield* pdf.drain();
    }
    if (rows === 0) pdf.note(layout.empty);
    await pdf.end();
    yield* pdf.drain();
  }

  /** The e-mail to the manager who asked: the report is in the documents (an account gone is told nothing). */
  async function tellRequester(
    job: ReportJob,
    organizationId: string,
    organizationName: string,
    key: string | null,
    title: string,
  ) {
    if (!job.userId || !key) return;
    const account = await createUserRepository(ctx.db).findAccountById(organizationId, job.userId);
    if (!account) return;
    await ctx.mailer.send({ to: account.user.email, locale: job.locale, organizationId }, 'document-ready', {
      organizationName,
      title,
      link: organizationUrl(ctx.config, key, '/documents'),
    });
  }

  return {
    /** Asks for a report: its document now (`pending`), its content from a background job. */
    async request(auth: AuthContext, input: ReportRequest, locale: Locale): Promise<StoredDocument> {
      if (!isAtLeastEstManager(auth.actor)) throw new AppError('forbidden');
      const { organizationId } = auth;
      const establishmentId = establishmentScope(auth);
      const documentId = await ctx.db.transaction(async (tx) => {
        const id = await createDocumentStore(tx, () => ctx.clock.now()).create({
          organizationId,
          kind: input.kind,
          title: reportTitle(input.kind, input.from, input.to, locale),
          fileName: reportFileName(input.kind, input.from, input.to, input.format),
          contentType: reportContentType(input.format),
          establishmentId,
          blueprintId: input.blueprintId ?? null,
          createdByUserId: auth.userId,
        });
        const job: ReportJob = {
          documentId: id,
          kind: input.kind,
          format: input.format,
          from: input.from,
          to: input.to,
          establishmentId,
          blueprintId: input.blueprintId ?? null,
          serviceId: input.serviceId ?? null,
          locale,
          userId: auth.userId,
        };
        // One job per document: enqueued again (a retry of the request), it still runs once.
        await ctx.queue.enqueue(
          REPORT_QUEUE,
          { ...job },
          { key: `report:${id}`, organizationId, executor: tx },
        );
        return id;
      });
      return toStoredDocument((await store.find(organizationId, documentId))!);
    },

    /**
     * The job: counts the rows, then streams them into the document. A resumed attempt starts again and
     * its `save` replaces what an interrupted one stored, so nothing is written twice.
     */
    async build(job: ReportJob, { attempt, organizationId }: JobContext): Promise<void> {
      if (!organizationId) throw new Error('A report job without its organisation');
      const row = await store.find(organizationId, job.documentId);
      if (!row) return; // The document was removed meanwhile: nothing to make.
      try {
        const organization = await createOrganizationRepository(ctx.db).findById(organizationId);
        const scope: ReportScope = {
          organizationId,
          timeZone: organization?.timeZone ?? 'Europe/Brussels',
          from: job.from,
          to: job.to,
          establishmentId: job.establishmentId,
          blueprintId: job.blueprintId,
          serviceId: job.serviceId,
        };
        const total =
          job.kind === 'report.orders'
            ? await repository.countOrders(scope)
            : job.kind === 'report.planning-activities'
              ? await repository.countSessions(scope)
              : await repository.countParticipants(scope);
        await store.progress(organizationId, job.documentId, 0, total);
        const content =
          job.format === 'csv'
            ? csvContent(job, scope, organizationId, total)
            : pdfContent(job, scope, organizationId, total, row.title);
        await store.save(organizationId, job.documentId, content);
        await tellRequester(
          job,
          organizationId,
          organization?.name ?? '',
          organization?.key ?? null,
          row.title,
        );
      } catch (error) {
        if (attempt >= REPORT_ATTEMPTS) {
          await store.fail(
            organizationId,
            job.documentId,
            job.locale === 'fr' ? 'La préparation du rapport a échoué.' : 'The report could not be prepared.',
          );
        }
        throw error;
      }
    },
  };
}
