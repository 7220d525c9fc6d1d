import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';

/** For load balancers: 200 while the database answers, 503 otherwise. */
export function healthRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/health',
      {
        config: { public: true },
        schema: {
          tags: ['Platform'],
          response: { 200: z.object({ status: z.literal('ok'), database: z.string() }) },
        },
      },
      async (_request, reply) => {
        try {
          await ctx.database.query('select 1');
        } catch {
          throw new AppError('unavailable', [], { retryAfter: 5 });
        }
        reply.header('cache-control', 'no-store');
        return { status: 'ok' as const, database: ctx.database.kind };
      },
    );
  };
}
