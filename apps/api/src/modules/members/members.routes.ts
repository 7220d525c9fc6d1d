import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';

export function membersRoutes(_ctx: AppContext) {
  return async (_app: FastifyInstance) => {};
}
