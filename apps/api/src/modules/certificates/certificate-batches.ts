import {
  type CertificateBatchDto,
  type CertificateBatchRequest,
  CERTIFICATE_KINDS,
  type CertificateKind,
  isAtLeastOrgManager,
  type Locale,
} from '@inscrio/shared';
import { and, desc, eq, like } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { organizationUrl } from '../../config';
import { documents } from '../../db/schema';
import type { JobContext } from '../../jobs/queue';
import { type AuthContext, establishmentScope } from '../../lib/access';
import { AppError, refused } from '../../lib/app-error';
import { createDocumentStore, type DocumentRow } from '../documents/document-store';
import { createCertificateIssuer, type IssueTarget, yearKindOf } from './certificate-issue';
import {
  paidShare,
  type PaidLine,
  paymentCertificateLines,
  taxCertificateParts,
  yearIsOver,
} from './certificate.rules';
import { type CertificateRow, createCertificatesRepository } from './certificates.repository';

/*
 * Bulk certificates: a manager asks for a period's health-mutual certificates, or a year's 281.86 or
 * payment certificates; a background job issues them one by one (progress « 120 / 480 » on the batch's
 * document row), then stores every certificate of the batch in one PDF and e-mails the manager. Each
 * certificate is issued at most once per scope (unique index), so a job interrupted and run again, or
 * taken over by another worker, issues nothing twice and ends with the same file.
 */

export const CERTIFICATE_BATCH_QUEUE = 'certificates.batch';
const PROGRESS_EVERY = 10;

interface BatchJob extends Record<string, unknown> {
  documentId: string;
  kind: CertificateKind;
  periodId: string | null;
  year: number | null;
  establishmentId: string | null;
  /** The manager who asked (told by e-mail when ready): an id, never the address (jobs hold no personal data). */
  userId: string;
  locale: Locale;
}

const BATCH_PREFIX = 'certificate-batch:';
const batchKindOf = (row: DocumentRow): CertificateKind => {
  const kind = (row.sourceId ?? '').slice(BATCH_PREFIX.length).split(':')[0];
  return CERTIFICATE_KINDS.is(kind ?? '') ? (kind as CertificateKind) : 'health-mutual';
};

export function toBatchDto(row: DocumentRow): CertificateBatchDto {
  return {
    id: row.id,
    kind: batchKindOf(row),
    title: row.title,
    status: row.status,
    done: row.progressDone ?? 0,
    total: row.progressTotal ?? 0,
    failureReason: row.failureReason,
    year: row.year,
    periodId: row.periodId,
    fileUrl: row.status === 'ready' ? `/api/certificates/batches/${encodeURIComponent(row.id)}/file` : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The targets of a batch: one per member and activity of the period, or per child of the year. */
export function batchTargets(
  kind: CertificateKind,
  lines: PaidLine[],
  year: number | null,
  birthdates: Map<string, string | null>,
  withIdentity: Set<string>,
): IssueTarget[] {
  const targets = new Map<string, IssueTarget>();
  if (kind === 'health-mutual') {
    const paid = new Map<string, number>();
    for (const line of lines) {
      const key = `${line.memberId}|${line.blueprintId}|${line.periodId ?? ''}`;
      paid.set(key, (paid.get(key) ?? 0) + paidShare(line));
      targets.set(key, {
        kind,
        memberId: line.memberId,
        blueprintId: line.blueprintId,
        periodId: line.periodId,
      });
    }
    for (const [key, cents] of paid) if (cents <= 0) targets.delete(key);
  } else {
    const byMember = new Map<string, PaidLine[]>();
    for (const line of lines) byMember.set(line.memberId, [...(byMember.get(line.memberId) ?? []), line]);
    for (const [memberId, own] of byMember) {
      const has =
        kind === 'tax'
          ? withIdentity.has(memberId) &&
            taxCertificateParts(own, year!, birthdates.get(memberId) ?? null).length > 0
          : paymentCertificateLines(own, year!).length > 0;
      if (has) targets.set(memberId, { kind, memberId, year: year! });
    }
  }
  return [...targets.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, target]) => target);
}

export function createCertificateBatches(ctx: AppContext) {
  const repository = createCertificatesRepository(ctx.db);
  const issuer = createCertificateIssuer(ctx);
  const store = createDocumentStore(ctx.db, () => ctx.clock.now());

  async function reachableBatch(auth: AuthContext, id: string): Promise<DocumentRow> {
    const row = await store.find(auth.organizationId, id);
    const scope = establishmentScope(auth);
    if (
      !row ||
      !row.sourceId?.startsWith(BATCH_PREFIX) ||
      (scope !== null && row.establishmentId !== scope)
    ) {
      throw new AppError('not_found');
    }
    return row;
  }

  /** The job: issue every target (skipping those issued already), then the batch's one PDF. */
  async function run(job: BatchJob, { organizationId }: JobContext): Promise<void> {
    if (!organizationId) return;
    const batch = await store.find(organizationId, job.documentId);
    if (!batch || batch.status === 'ready') return;
    const lines = await repository.paidLines(
      organizationId,
      { periodId: job.periodId ?? undefined, establishmentId: job.establishmentId },
      ctx.clock.now(),
    );
    const memberIds = [...new Set(lines.map((line) => line.memberId))];
    const members = await repository.members(organizationId, memberIds);
    const birthdates = new Map(members.map((m) => [m.id, m.birthdate]));
    const identities =
      job.kind === 'tax' ? await repository.taxIdentityMembers(organizationId, memberIds) : new Set<string>();
    const targets = batchTargets(job.kind, lines, job.year, birthdates, identities);
    await store.progress(organizationId, batch.id, 0, targets.length);
    const issued: CertificateRow[] = [];
    for (const [index, target] of targets.entries()) {
      const own = lines.filter(
        (line) =>
          line.memberId === target.memberId &&
          (target.kind !== 'health-mutual' ||
            (line.blueprintId === target.blueprintId && line.periodId === target.periodId)),
      );
      issued.push(...(await issuer.issue(organizationId, target, job.userId, { lines: own })));
      if ((index + 1) % PROGRESS_EVERY === 0)
        await store.progress(organizationId, batch.id, index + 1, targets.length);
    }
    await store.progress(organizationId, batch.id, targets.length, targets.length);
    const pdf = await issuer.render(ctx.db, organizationId, issued, {
      title: batch.title,
      locale: job.locale,
    });
    await store.save(organizationId, batch.id, pdf);
    const org = await repository.organization(organizationId);
    const email = await repository.userEmail(organizationId, job.userId);
    if (org && email) {
      await ctx.mailer.send({ to: email, locale: job.locale, organizationId }, 'document-ready', {
        organizationName: org.name,
        title: batch.title,
        link: organizationUrl(ctx.config, org.key, '/documents'),
      });
    }
  }

  return {
    run,

    /** `POST /certificates/batches`: the batch's document row and its job, in one transaction. */
    async start(
      auth: AuthContext,
      input: CertificateBatchRequest,
      locale: Locale,
    ): Promise<CertificateBatchDto> {
      const organizationId = auth.organizationId;
      const org = await repository.organization(organizationId);
      if (!org) throw new AppError('not_found');
      if (input.kind !== 'health-mutual' && yearKindOf(org.billingCountry) !== input.kind) {
        throw new AppError('certificate_wrong_country');
      }
      const scope = establishmentScope(auth);
      // A child's year spans every establishment: the year's certificates are the organisation's to issue.
      if (input.kind !== 'health-mutual' && scope !== null) throw new AppError('forbidden');
      if (input.kind !== 'health-mutual' && !yearIsOver(input.year!, ctx.clock.now(), org.timeZone)) {
        throw refused('certificate_year_not_over', { year: input.year! });
      }
      let title: string;
      if (input.kind === 'health-mutual') {
        const period = await repository.period(organizationId, input.periodId!);
        if (!period || (scope !== null && period.establishment_id !== scope)) throw new AppError('not_found');
        title = `${CERTIFICATE_KINDS.labels[locale][input.kind]} – ${period.name}`;
      } else {
        title = `${CERTIFICATE_KINDS.labels[locale][input.kind]} – ${input.year}`;
      }
      const id = await ctx.db.transaction(async (tx) => {
        const txStore = createDocumentStore(tx, () => ctx.clock.now());
        const documentId = await txStore.create({
          organizationId,
          kind: input.kind === 'health-mutual' ? 'certificate.health-mutual' : 'certificate.tax',
          title,
          fileName: `${title.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'certificates'}.pdf`,
          contentType: 'application/pdf',
          periodId: input.periodId ?? null,
          year: input.year ?? null,
          establishmentId: scope,
          sourceId: `${BATCH_PREFIX}${input.kind}:${input.periodId ?? input.year}`,
          createdByUserId: auth.userId,
          progressDone: 0,
          progressTotal: 0,
        });
        const job: BatchJob = {
          documentId,
          kind: input.kind,
          periodId: input.periodId ?? null,
          year: input.year ?? null,
          establishmentId: scope,
          userId: auth.userId,
          locale,
        };
        await ctx.queue.enqueue(CERTIFICATE_BATCH_QUEUE, job, { organizationId, executor: tx });
        return documentId;
      });
      return toBatchDto((await store.find(organizationId, id))!);
    },

    async get(auth: AuthContext, id: string) {
      return toBatchDto(await reachableBatch(auth, id));
    },

    async list(auth: AuthContext) {
      const scope = establishmentScope(auth);
      const rows = await ctx.db
        .select()
        .from(documents)
        .where(
          and(
            eq(documents.organizationId, auth.organizationId),
            like(documents.sourceId, `${BATCH_PREFIX}%`),
            scope === null ? undefined : eq(documents.establishmentId, scope),
          ),
        )
        .orderBy(desc(documents.createdAt))
        .limit(20);
      const org = await repository.organization(auth.organizationId);
      return { items: rows.map(toBatchDto), yearKind: yearKindOf(org?.billingCountry) };
    },

    async file(auth: AuthContext, id: string) {
      const row = await reachableBatch(auth, id);
      if (row.status !== 'ready') throw new AppError('not_found');
      return { fileName: row.fileName, body: store.read(auth.organizationId, row.id) };
    },

    /** Only organisation managers export the year for the tax office. */
    assertCanExport(auth: AuthContext) {
      if (!isAtLeastOrgManager(auth.actor)) throw new AppError('forbidden');
    },
  };
}

/** How many times a batch is tried before it is shown as failed. */
export const BATCH_ATTEMPTS = 3;

/**
 * The batch job's handler: a refusal (seal removed meanwhile) fails the batch at once; any other error is
 * retried, and the last attempt's marks the batch failed, so the manager's screen never waits for ever.
 */
export function certificateBatchHandler(ctx: AppContext) {
  const batches = createCertificateBatches(ctx);
  const store = createDocumentStore(ctx.db, () => ctx.clock.now());
  return async (job: BatchJob, context: JobContext): Promise<void> => {
    try {
      await batches.run(job, context);
    } catch (error) {
      const { organizationId } = context;
      if (!organizationId) throw error;
      if (error instanceof AppError) {
        await store.fail(organizationId, job.documentId, error.code);
        return;
      }
      if (context.attempt >= BATCH_ATTEMPTS) {
        const batch = await store.find(organizationId, job.documentId);
        if (batch && batch.status !== 'ready') await store.fail(organizationId, job.documentId, 'job_failed');
      }
      throw error;
    }
  };
}

/** Bulk certificates run wherever the job queue runs. */
export function registerCertificateBatchJob(ctx: AppContext): void {
  ctx.queue.register<BatchJob>(CERTIFICATE_BATCH_QUEUE, certificateBatchHandler(ctx), {
    maxAttempts: BATCH_ATTEMPTS,
  });
}
