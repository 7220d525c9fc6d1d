import type { AppContext } from '../../app-context';
import {
  COMMUNICATION_ATTEMPTS,
  COMMUNICATION_QUEUE,
  type CommunicationJob,
  createCommunicationsService,
} from './communications.service';

/** Communications are sent wherever the job queue runs (any instance), one job per message at a time. */
export function registerCommunicationJobs(ctx: AppContext): void {
  const service = createCommunicationsService(ctx);
  ctx.queue.register<CommunicationJob>(COMMUNICATION_QUEUE, (job, context) => service.send(job, context), {
    maxAttempts: COMMUNICATION_ATTEMPTS,
  });
}
