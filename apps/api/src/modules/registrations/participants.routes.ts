import {
  type Actor,
  cancelParticipantSchema,
  directRegistrationResultSchema,
  directRegistrationSchema,
  entityIdField,
  inviteAttendeesPreviewSchema,
  inviteAttendeesQuerySchema,
  inviteAttendeesResultSchema,
  inviteAttendeesSchema,
  isAtLeastEstManager,
  type Locale,
  moveParticipantSchema,
  myRegistrationsQuerySchema,
  participantDtoSchema,
  participantListQuerySchema,
  participantPageSchema,
  reviewPageSchema,
  registrationRequestSchema,
  reviewDecisionResultSchema,
  reviewDecisionSchema,
  registrationRequestGroupResultSchema,
  registrationRequestGroupSchema,
} from '@inscrio/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { localizedSchema } from '../../lib/validation';
import { requireAuth } from '../../lib/access';
import { isFamilyAccount } from '../../lib/access';
import { createInvitationsService } from './invitations';
import { createMyRegistrationsService } from './my-registrations';
import { createParticipantsService } from './participants.service';
import { createReviewsService } from './reviews';

const tags = ['Registrations'];
const managers = { allow: isAtLeastEstManager };
const family = { allow: isFamilyAccount };
const managersOrFamily = { allow: (actor: Actor) => isAtLeastEstManager(actor) || isFamilyAccount(actor) };
const idParams = localizedSchema((locale: Locale) => z.object({ id: entityIdField(locale) }));
/** The body is optional: a cancellation without a reason may send none. */
const cancelBody = localizedSchema((locale: Locale) => cancelParticipantSchema(locale).nullish());

/**
 * Registrations seen from the registry (managers: `/participants`, `/reviews`, invitations of a period's
 * attendees) and from the family ('Mes activités', requests to managers, answers to invitations).
 */
export function participantsRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const participants = createParticipantsService(ctx);
    const reviews = createReviewsService(ctx);
    const invitations = createInvitationsService(ctx);
    const mine = createMyRegistrationsService(ctx);

    r.get(
      '/participants',
      {
        config: managers,
        schema: {
          tags,
          summary: 'The registry (Inscriptions): participants by session start, then member name',
          querystring: localizedSchema(participantListQuerySchema),
          response: { 200: participantPageSchema },
        },
      },
      (request) => participants.list(requireAuth(request), request.query),
    );

    r.post(
      '/participants',
      {
        config: managers,
        schema: {
          tags,
          summary: 'Register members directly (confirmed, any visibility, age limits overridden)',
          body: localizedSchema(directRegistrationSchema),
          response: { 200: directRegistrationResultSchema },
        },
      },
      (request) => participants.registerDirectly(requireAuth(request), request.body, request.locale),
    );

    r.get(
      '/participants/:id',
      { config: managers, schema: { tags, params: idParams, response: { 200: participantDtoSchema } } },
      (request) => participants.get(requireAuth(request), request.params.id),
    );

    r.post(
      '/participants/:id/move',
      {
        config: managers,
        schema: {
          tags,
          summary: 'Move a participant to another session (its seat follows)',
          params: idParams,
          body: localizedSchema(moveParticipantSchema),
          response: { 200: participantDtoSchema },
        },
      },
      (request) => participants.move(requireAuth(request), request.params.id, request.body.serviceId),
    );

    r.post(
      '/participants/:id/cancel',
      {
        config: managersOrFamily,
        schema: {
          tags,
          summary: 'Cancel a registration (managers: any live one; a family: its own, before the session)',
          params: idParams,
          body: cancelBody,
          response: { 200: participantDtoSchema },
        },
      },
      (request) =>
        participants.cancel(
          requireAuth(request),
          request.params.id,
          request.body?.reason,
          request.body?.refund,
        ),
    );

    r.get(
      '/reviews',
      {
        config: managers,
        schema: {
          tags,
          summary: "Requests to review ('A traiter'), oldest first",
          querystring: localizedSchema(participantListQuerySchema),
          response: { 200: reviewPageSchema },
        },
      },
      (request) => participants.reviews(requireAuth(request), request.query),
    );

    r.post(
      '/participants/:id/review',
      {
        config: managers,
        schema: {
          tags,
          summary: 'Accept or refuse a request, with a message to the family',
          params: idParams,
          body: localizedSchema(reviewDecisionSchema),
          response: { 200: reviewDecisionResultSchema },
        },
      },
      (request) => reviews.decide(requireAuth(request), request.params.id, request.body),
    );

    r.post(
      '/registrations/requests',
      {
        config: family,
        schema: {
          tags,
          summary: 'Ask the managers: an age exception, a place on the waiting list, a private activity',
          body: localizedSchema(registrationRequestSchema),
          response: { 201: participantDtoSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await reviews.request(requireAuth(request), request.body, request.locale)),
    );

    r.post(
      '/registrations/request-groups',
      {
        config: family,
        schema: {
          tags,
          summary: 'Ask the managers once for a set of sessions of one activity (a whole term)',
          body: localizedSchema(registrationRequestGroupSchema),
          response: { 201: registrationRequestGroupResultSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await reviews.requestGroup(requireAuth(request), request.body, request.locale)),
    );

    r.get(
      '/periods/:id/invite-attendees',
      {
        config: managers,
        schema: {
          tags,
          summary: "The period's confirmed attendees and their matching session in the target period",
          params: idParams,
          querystring: localizedSchema(inviteAttendeesQuerySchema),
          response: { 200: inviteAttendeesPreviewSchema },
        },
      },
      (request) => invitations.preview(requireAuth(request), request.params.id, request.query.targetPeriodId),
    );

    r.post(
      '/periods/:id/invite-attendees',
      {
        config: managers,
        schema: {
          tags,
          summary: 'Invite chosen attendees to their matching session of the target period',
          params: idParams,
          body: localizedSchema(inviteAttendeesSchema),
          response: { 200: inviteAttendeesResultSchema },
        },
      },
      (request) => invitations.invite(requireAuth(request), request.params.id, request.body, request.locale),
    );

    r.get(
      '/me/registrations',
      {
        config: family,
        schema: {
          tags,
          summary: "'Mes activités': the family's registrations, upcoming or past",
          querystring: localizedSchema(myRegistrationsQuerySchema),
          response: { 200: participantPageSchema },
        },
      },
      (request) => mine.list(requireAuth(request), request.query),
    );

    r.post(
      '/me/registrations/:id/cancel',
      {
        config: family,
        schema: { tags, params: idParams, body: cancelBody, response: { 200: participantDtoSchema } },
      },
      (request) => participants.cancel(requireAuth(request), request.params.id, request.body?.reason),
    );

    r.post(
      '/me/registrations/:id/accept',
      {
        config: family,
        schema: {
          tags,
          summary: 'Accept an invitation: the seat goes to the cart',
          params: idParams,
          response: { 200: participantDtoSchema },
        },
      },
      (request) => invitations.accept(requireAuth(request), request.params.id),
    );

    r.post(
      '/me/registrations/:id/decline',
      {
        config: family,
        schema: {
          tags,
          summary: 'Decline an invitation: the seat is released',
          params: idParams,
          response: { 200: participantDtoSchema },
        },
      },
      (request) => invitations.decline(requireAuth(request), request.params.id),
    );
  };
}
