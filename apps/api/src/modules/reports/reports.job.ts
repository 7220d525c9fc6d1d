import type { AppContext } from '../../app-context';
import { createReportsService, REPORT_ATTEMPTS, REPORT_QUEUE, type ReportJob } from './reports.service';

/** Reports are built wherever the job queue runs (any instance), a few attempts at most. */
export function registerReportJobs(ctx: AppContext): void {
  const reports = createReportsService(ctx);
  ctx.queue.register<ReportJob>(REPORT_QUEUE, (job, context) => reports.build(job, context), {
    maxAttempts: REPORT_ATTEMPTS,
  });
}
