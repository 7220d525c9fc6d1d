import { type Actor, calendarFeedSchema, calendarItemsSchema, calendarQuerySchema } from '@inscrio/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { localizedSchema } from '../../lib/validation';
import { requireAuth } from '../../lib/access';
import { privateCache } from '../catalog/http-cache';
import { createCalendarService } from './calendar.service';

const tags = ['Calendar'];

/** Everyone signed in has a calendar; what it holds depends on the role (see `calendarScope`). */
const anySignedIn = (_actor: Actor) => true;

export function calendarRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const calendar = createCalendarService(ctx);

    r.get(
      '/calendar/items',
      {
        // A family's own registrations: not cached (private, no-store, plugins/no-store.ts). Read-only and
        // asked on every calendar page and step: it may trust a session found alive a moment ago on this
        // instance (modules/auth/session-cache.ts: revocations are heard from every instance).
        config: { allow: anySignedIn, sessionCache: true },
        schema: {
          tags,
          summary: 'Calendar items between two instants (at most 62 days)',
          querystring: localizedSchema(calendarQuerySchema),
          response: { 200: calendarItemsSchema },
        },
      },
      (request) => calendar.items(requireAuth(request), request.query),
    );

    r.get(
      '/calendar/feed',
      {
        config: { allow: anySignedIn },
        schema: {
          tags,
          summary: 'The secret iCalendar address of the caller, or null before one was created',
          response: { 200: calendarFeedSchema.extend({ url: z.string().nullable() }) },
        },
      },
      (request) => calendar.feed(requireAuth(request)),
    );

    r.post(
      '/calendar/feed',
      {
        config: { allow: anySignedIn },
        schema: {
          tags,
          summary: 'Creates the secret iCalendar address of the caller (idempotent)',
          response: { 200: calendarFeedSchema },
        },
      },
      (request) => calendar.createFeed(requireAuth(request)),
    );

    r.post(
      '/calendar/feed/regenerate',
      {
        config: { allow: anySignedIn },
        schema: {
          tags,
          summary: 'Replaces the iCalendar address; the old one stops working',
          response: { 200: calendarFeedSchema },
        },
      },
      (request) => calendar.regenerateFeed(requireAuth(request)),
    );

    r.delete(
      '/calendar/feed',
      {
        config: { allow: anySignedIn },
        schema: { tags, summary: 'Revokes the iCalendar address', response: { 204: z.null() } },
      },
      async (request, reply) => {
        await calendar.revokeFeed(requireAuth(request));
        return reply.code(204).send(null);
      },
    );

    // Public: calendar applications fetch it without signing in; the secret token is the credential.
    r.get(
      '/calendar/ical/:file',
      {
        config: { public: true },
        onSend: privateCache(300),
        schema: {
          tags,
          summary: 'iCalendar feed (text/calendar) of a secret token: /calendar/ical/{token}.ics',
          security: [],
          params: z.object({ file: z.string().max(200) }),
        },
      },
      async (request, reply) => {
        const body = await calendar.ical(request.params.file);
        return reply
          .type('text/calendar; charset=utf-8')
          .header('content-disposition', 'inline; filename="calendar.ics"')
          .send(body);
      },
    );
  };
}
