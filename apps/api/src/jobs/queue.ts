import { hostname } from 'node:os';
import { and, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { type Database, type Executor, rowsOf } from '../db/client';
import { jobs } from '../db/schema';
import { newId } from '../lib/ids';
import { errorMessageWithoutValues } from '../lib/logger';

export interface JobContext {
  jobId: string;
  attempt: number;
  organizationId: string | null;
}

export type JobHandler<P> = (payload: P, context: JobContext) => Promise<void>;

/**
 * How long a claimed job is ours without news. Short, so that the jobs of an instance that died (killed,
 * crashed, cut off) come back to the others within about half a minute; a job that runs longer keeps it
 * by renewing it every third of that (the heartbeat in `execute`), so it is never taken twice.
 */
const DEFAULT_LEASE_MS = 30_000;

/**
 * Why a job failed, as stored in `jobs.last_error`: the error's message and its causes' (a failed query's
 * text and PostgreSQL's reason), never the values (SQL parameters, quoted values: addresses, tokens).
 */
function failureText(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 5; depth++) {
    if (!(current instanceof Error)) {
      // Not an error (a thrown string or object): its content is unknown, so only its kind is kept.
      parts.push(`thrown ${typeof current}`);
      break;
    }
    parts.push(errorMessageWithoutValues(current));
    current = current.cause;
  }
  return parts.join(' — ').slice(0, 2000);
}

interface Registration {
  handler: JobHandler<never>;
  maxAttempts: number;
}

export interface EnqueueOptions {
  /**
   * The job's id when the job stands for one event (`mail:order-placed:<order>`): the event is then
   * queued once however often it is enqueued, even after its job is done.
   */
  key?: string;
  organizationId?: string;
  /** Run no earlier than this instant. */
  runAt?: Date;
  /** At most one queued or running job per (queue, key): a second enqueue is ignored. */
  singletonKey?: string;
  maxAttempts?: number;
  /** Enqueue inside the caller's transaction, so the job exists only if the change commits. */
  executor?: Executor;
}

export interface JobQueueOptions {
  logger: Logger;
  pollIntervalMs?: number;
  /** How long a claimed job is ours; renewed while it runs, taken over by others once lapsed. */
  leaseMs?: number;
  workerId?: string;
}

interface ClaimedJob {
  id: string;
  queue: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
  organization_id: string | null;
}

/**
 * A PostgreSQL-backed job queue that runs the same on PGlite and PostgreSQL. A job is claimed with
 * `FOR UPDATE SKIP LOCKED` in one statement, so two instances never take the same job; the lease lets
 * another instance resume the work of one that died, and failed attempts retry with backoff.
 */
export class JobQueue {
  private readonly handlers = new Map<string, Registration>();
  private readonly pollIntervalMs: number;
  private readonly leaseMs: number;
  readonly workerId: string;
  private running = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;

  constructor(
    private readonly db: Database,
    private readonly options: JobQueueOptions,
  ) {
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.workerId = options.workerId ?? `${hostname()}:${process.pid}:${newId('job').slice(-6)}`;
  }

  register<P>(queue: string, handler: JobHandler<P>, options: { maxAttempts?: number } = {}): void {
    this.handlers.set(queue, {
      handler: handler as JobHandler<never>,
      maxAttempts: options.maxAttempts ?? 5,
    });
  }

  /**
   * A job that runs every `intervalMs`, once across all instances: each slot of time is one job whose id
   * names the slot, so it is booked once even by an instance that starts after it ran (the singleton key
   * alone let that instance book it again; it stays for the slots booked before ids named them), and
   * every run books the next slot.
   */
  async registerRecurring(queue: string, intervalMs: number, handler: JobHandler<Record<string, never>>) {
    const book = (slot: number) =>
      this.enqueue(
        queue,
        {},
        {
          key: `recurring:${queue}:${slot}`,
          singletonKey: `slot-${slot}`,
          runAt: new Date(slot * intervalMs),
        },
      );
    this.register(queue, async (payload, context) => {
      await handler(payload as Record<string, never>, context);
      await book(Math.floor(Date.now() / intervalMs) + 1);
    });
    await book(Math.floor(Date.now() / intervalMs));
  }

  async enqueue(
    queue: string,
    payload: Record<string, unknown>,
    options: EnqueueOptions = {},
  ): Promise<string> {
    const id = options.key ?? newId('job');
    await (options.executor ?? this.db)
      .insert(jobs)
      .values({
        id,
        queue,
        payload,
        organizationId: options.organizationId ?? null,
        runAt: options.runAt ?? new Date(),
        singletonKey: options.singletonKey ?? null,
        maxAttempts: options.maxAttempts ?? this.handlers.get(queue)?.maxAttempts ?? 5,
      })
      .onConflictDoNothing();
    this.wake?.();
    return id;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.poll();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
  }

  /** Runs due jobs one after another until none is left; returns how many ran. */
  async runUntilIdle(): Promise<number> {
    let count = 0;
    while (await this.runOne()) count++;
    return count;
  }

  private async poll(): Promise<void> {
    while (this.running) {
      let worked = false;
      try {
        worked = await this.runOne();
      } catch (error) {
        this.options.logger.error({ err: error }, 'job queue poll failed');
      }
      if (!worked && this.running) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.pollIntervalMs);
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.wake = undefined;
      }
    }
  }

  /** Claims one due job (or one whose lease lapsed) and runs it. False when there was none. */
  async runOne(): Promise<boolean> {
    const queues = [...this.handlers.keys()];
    if (queues.length === 0) return false;
    const claimed = await this.db.execute(sql`
      update jobs set status = 'running', attempts = attempts + 1, locked_by = ${this.workerId},
        locked_until = now() + ${`${this.leaseMs} milliseconds`}::interval
      where id = (
        select id from jobs
        where queue in (${sql.join(
          queues.map((q) => sql`${q}`),
          sql`, `,
        )})
          and ((status = 'queued' and run_at <= now()) or (status = 'running' and locked_until < now()))
        order by run_at
        limit 1
        for update skip locked
      )
      returning id, queue, payload, attempts, max_attempts, organization_id`);
    const [job] = rowsOf<ClaimedJob>(claimed);
    if (!job) return false;
    await this.execute(job);
    return true;
  }

  private async execute(job: ClaimedJob): Promise<void> {
    const registration = this.handlers.get(job.queue);
    const log = this.options.logger.child({ jobId: job.id, queue: job.queue, attempt: job.attempts });
    const heartbeat = setInterval(() => {
      void this.db
        .update(jobs)
        .set({ lockedUntil: sql`now() + ${`${this.leaseMs} milliseconds`}::interval` })
        .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, this.workerId)))
        .catch(() => {});
    }, this.leaseMs / 3);
    try {
      await registration!.handler(job.payload as never, {
        jobId: job.id,
        attempt: job.attempts,
        organizationId: job.organization_id,
      });
      await this.db
        .update(jobs)
        .set({ status: 'done', finishedAt: sql`now()`, lockedUntil: null, lastError: null })
        .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, this.workerId)));
      log.debug('job done');
    } catch (error) {
      const exhausted = job.attempts >= job.max_attempts;
      // Exponential backoff: 2 s, 4 s, 8 s … capped at 10 minutes.
      const delayMs = Math.min(2 ** job.attempts * 1000, 600_000);
      await this.db
        .update(jobs)
        .set({
          status: exhausted ? 'failed' : 'queued',
          runAt: sql`now() + ${`${delayMs} milliseconds`}::interval`,
          lockedUntil: null,
          lockedBy: null,
          lastError: failureText(error),
          finishedAt: exhausted ? sql`now()` : null,
        })
        .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, this.workerId)));
      log.warn({ err: error, exhausted }, 'job failed');
    } finally {
      clearInterval(heartbeat);
    }
  }
}

/** Drops the jobs still queued (the demo seed: its past is not news to send). */
export async function discardQueuedJobs(db: Executor): Promise<void> {
  await db.delete(jobs).where(eq(jobs.status, 'queued'));
}
