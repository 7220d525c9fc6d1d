import {
  type Locale,
  mailPreferencesDtoSchema,
  mailPreferencesSchema,
  unsubscribeQuerySchema,
} from '@inscrio/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { requireAuth } from '../../lib/access';
import { AppError } from '../../lib/app-error';
import { readUnsubscribeToken, type UnsubscribeKind } from '../../lib/unsubscribe-token';
import { localizedSchema } from '../../lib/validation';
import { createUserRepository } from './user.repository';

const tags = ['Me'];

type PageText = { title: string; ask: string; button: string; done: string };
const PAGE_TEXT: Record<UnsubscribeKind, Record<Locale, PageText>> = {
  'session-reminder': {
    fr: {
      title: 'Rappels des séances',
      ask: 'Ne plus recevoir les rappels envoyés la veille de chaque séance ? Vous pourrez les réactiver dans « Mon profil ».',
      button: 'Ne plus recevoir ces e-mails',
      done: 'C’est fait : vous ne recevrez plus les rappels des séances. Vous pouvez les réactiver dans « Mon profil ».',
    },
    en: {
      title: 'Session reminders',
      ask: 'Stop the reminders sent the day before each session? You can turn them back on in « My profile ».',
      button: 'Stop these e-mails',
      done: 'Done: you will no longer get the session reminders. You can turn them back on in « My profile ».',
    },
  },
  'recovery-token-expiring': {
    fr: {
      title: 'Récupérations bientôt expirées',
      ask: 'Ne plus être prévenu qu’une récupération arrive à expiration ? Vous pourrez réactiver ces e-mails dans « Mon profil ».',
      button: 'Ne plus recevoir ces e-mails',
      done: 'C’est fait : vous ne serez plus prévenu des récupérations qui expirent. Vous pouvez réactiver ces e-mails dans « Mon profil ».',
    },
    en: {
      title: 'Recovery tokens about to expire',
      ask: 'Stop the warnings that a recovery token is about to expire? You can turn them back on in « My profile ».',
      button: 'Stop these e-mails',
      done: 'Done: you will no longer be warned of recovery tokens about to expire. You can turn them back on in « My profile ».',
    },
  },
};

/** A page of its own (no app to load): the mail's link shows it, its button posts the one-click request. */
function page(kind: UnsubscribeKind, locale: Locale, body: string): string {
  const text = PAGE_TEXT[kind][locale];
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${text.title}</title></head><body style="font-family:system-ui,sans-serif;color:#0f172a;background:#f8fafc;padding:24px"><main style="max-width:480px;margin:auto;background:#fff;border-radius:8px;padding:24px"><h1 style="font-size:20px">${text.title}</h1>${body}</main></body></html>`;
}

/**
 * The account's e-mail preferences (« Mon profil ») and the one-click unsubscribe of the e-mails one
 * may stop (RFC 8058): the link's token names the account and the kind, so it needs no sign-in and
 * stops that kind for that account only. GET only shows a button (mail scanners follow links); POST acts.
 */
export function mailPreferencesRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    // RFC 8058's one-click body (`List-Unsubscribe=One-Click`) and the page's form: read, not needed.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_r, _b, done) => done(null, {}),
    );
    const r = app.withTypeProvider<ZodTypeProvider>();
    const users = createUserRepository(ctx.db);

    r.get(
      '/me/mail-preferences',
      { schema: { tags, response: { 200: mailPreferencesDtoSchema } } },
      async (request) => {
        const auth = requireAuth(request);
        const account = await users.findAccountById(auth.homeOrganizationId, auth.userId);
        if (!account) throw new AppError('not_found');
        return {
          sessionReminders: account.user.sessionReminders,
          recoveryReminders: account.user.recoveryReminders,
        };
      },
    );

    r.patch(
      '/me/mail-preferences',
      {
        schema: {
          tags,
          description:
            'Turns the reminders the day before each session, or the warnings of a recovery token about to expire, on or off for the own account.',
          body: localizedSchema(mailPreferencesSchema),
          response: { 200: mailPreferencesDtoSchema },
        },
      },
      async (request) => {
        const auth = requireAuth(request);
        const account = await users.findAccountById(auth.homeOrganizationId, auth.userId);
        if (!account) throw new AppError('not_found');
        const wanted = {
          sessionReminders: request.body.sessionReminders ?? account.user.sessionReminders,
          recoveryReminders: request.body.recoveryReminders ?? account.user.recoveryReminders,
        };
        // The same choice again changes nothing (not even the account's update time).
        if (
          wanted.sessionReminders !== account.user.sessionReminders ||
          wanted.recoveryReminders !== account.user.recoveryReminders
        )
          await users.updateUser(auth.homeOrganizationId, auth.userId, wanted);
        return wanted;
      },
    );

    r.get(
      '/mail/unsubscribe',
      {
        config: { public: true },
        schema: {
          tags,
          description:
            "The e-mail link's page: a button that stops this kind of e-mail (changes nothing itself).",
          querystring: localizedSchema(unsubscribeQuerySchema),
        },
      },
      async (request, reply) => {
        const claim = readUnsubscribeToken(ctx.secrets.encryptionKey, request.query.token);
        if (!claim) throw new AppError('unsubscribe_link_invalid');
        const text = PAGE_TEXT[claim.kind][request.locale];
        reply.header('content-type', 'text/html; charset=utf-8');
        return page(
          claim.kind,
          request.locale,
          `<p>${text.ask}</p><form method="post"><button type="submit" style="background:#1d4ed8;color:#fff;border:0;padding:12px 20px;border-radius:6px;font-size:16px">${text.button}</button></form>`,
        );
      },
    );

    r.post(
      '/mail/unsubscribe',
      {
        config: { public: true },
        schema: {
          tags,
          description:
            'One-click unsubscribe (RFC 8058): stops the kind of e-mail the token names, for its account only; no sign-in.',
          querystring: localizedSchema(unsubscribeQuerySchema),
          body: z.unknown().optional(),
        },
      },
      async (request, reply) => {
        const claim = readUnsubscribeToken(ctx.secrets.encryptionKey, request.query.token);
        if (!claim) throw new AppError('unsubscribe_link_invalid');
        await users.updateUser(
          claim.organizationId,
          claim.userId,
          claim.kind === 'session-reminder' ? { sessionReminders: false } : { recoveryReminders: false },
        );
        reply.header('content-type', 'text/html; charset=utf-8');
        return page(claim.kind, request.locale, `<p>${PAGE_TEXT[claim.kind][request.locale].done}</p>`);
      },
    );
  };
}
