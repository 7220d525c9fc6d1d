import {
  type Actor,
  cancelRecoveryTokenSchema,
  consumeRecoveryTokenResultSchema,
  consumeRecoveryTokenSchema,
  entityIdField,
  extendRecoveryTokenSchema,
  isAtLeastEstManager,
  isAtLeastOrgManager,
  issueRecoveryTokenSchema,
  type Locale,
  recoveryOutstandingSchema,
  recoverySessionListSchema,
  recoverySettingsDtoSchema,
  recoverySettingsSchema,
  recoveryTokenDtoSchema,
  recoveryTokenListQuerySchema,
  recoveryTokenListSchema,
} from '@inscrio/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { isFamilyAccount, requireAuth } from '../../lib/access';
import { localizedSchema } from '../../lib/validation';
import { consumeRecoveryToken } from './consume';
import { createRecoveryService } from './recovery.service';

const tags = ['Recovery tokens'];
/** Issuing, extending, cancelling: managers (an establishment manager within their establishment). */
const managers = { allow: isAtLeastEstManager };
const family = { allow: isFamilyAccount };
const managersOrFamily = { allow: (actor: Actor) => isAtLeastEstManager(actor) || isFamilyAccount(actor) };
const idParams = localizedSchema((locale: Locale) => z.object({ id: entityIdField(locale) }));

/** Recovery tokens (« Récupérations ») and the organisation's recovery settings. */
export function recoveryRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const recovery = createRecoveryService(ctx);

    r.get(
      '/recovery-tokens',
      {
        config: managersOrFamily,
        schema: {
          tags,
          summary: "A family's own tokens; every token of the organisation for managers, with filters",
          querystring: localizedSchema(recoveryTokenListQuerySchema),
          response: { 200: recoveryTokenListSchema },
        },
      },
      (request) => recovery.list(requireAuth(request), request.query),
    );

    r.get(
      '/recovery-tokens/outstanding',
      {
        config: managers,
        schema: {
          tags,
          summary: 'Available tokens as a count and the value they stand for (accounting)',
          response: { 200: recoveryOutstandingSchema },
        },
      },
      (request) => recovery.outstanding(requireAuth(request)),
    );

    r.post(
      '/recovery-tokens',
      {
        config: managers,
        schema: {
          tags,
          summary: 'Issue a token by hand for a member',
          body: localizedSchema(issueRecoveryTokenSchema),
          response: { 200: recoveryTokenDtoSchema },
        },
      },
      (request) => recovery.issue(requireAuth(request), request.body),
    );

    r.post(
      '/recovery-tokens/:id/extend',
      {
        config: managers,
        schema: {
          tags,
          summary: "Move a token's expiry (an expired one becomes available again)",
          params: idParams,
          body: localizedSchema(extendRecoveryTokenSchema),
          response: { 200: recoveryTokenDtoSchema },
        },
      },
      (request) => recovery.extend(requireAuth(request), request.params.id, request.body.expiresAt),
    );

    r.post(
      '/recovery-tokens/:id/cancel',
      {
        config: managers,
        schema: {
          tags,
          summary: 'Cancel an available token, with the reason',
          params: idParams,
          body: localizedSchema(cancelRecoveryTokenSchema),
          response: { 200: recoveryTokenDtoSchema },
        },
      },
      (request) => recovery.cancel(requireAuth(request), request.params.id, request.body.reason),
    );

    r.get(
      '/recovery-tokens/:id',
      {
        config: managersOrFamily,
        schema: {
          tags,
          summary: "One token: the family's own, or any of the organisation's for managers (in their scope)",
          params: idParams,
          response: { 200: recoveryTokenDtoSchema },
        },
      },
      (request) => recovery.get(requireAuth(request), request.params.id),
    );

    r.get(
      '/recovery-tokens/:id/sessions',
      {
        config: family,
        schema: {
          tags,
          summary: 'The sessions the family may take with the token',
          params: idParams,
          response: { 200: recoverySessionListSchema },
        },
      },
      (request) => recovery.sessions(requireAuth(request), request.params.id, request.locale),
    );

    r.post(
      '/recovery-tokens/:id/consume',
      {
        config: family,
        schema: {
          tags,
          summary: 'Use the token on a session: a confirmed registration at no charge',
          params: idParams,
          body: localizedSchema(consumeRecoveryTokenSchema),
          response: { 200: consumeRecoveryTokenResultSchema },
        },
      },
      (request) =>
        consumeRecoveryToken(
          ctx,
          requireAuth(request),
          request.params.id,
          request.body.serviceId,
          request.locale,
        ),
    );

    r.get(
      '/organizations/:id/recovery-settings',
      {
        config: { allow: isAtLeastOrgManager },
        schema: { tags, params: idParams, response: { 200: recoverySettingsDtoSchema } },
      },
      (request) => recovery.settings(requireAuth(request), request.params.id),
    );

    r.patch(
      '/organizations/:id/recovery-settings',
      {
        config: { allow: isAtLeastOrgManager },
        schema: {
          tags,
          params: idParams,
          body: localizedSchema(recoverySettingsSchema),
          response: { 200: recoverySettingsDtoSchema },
        },
      },
      (request) => recovery.updateSettings(requireAuth(request), request.params.id, request.body),
    );
  };
}
