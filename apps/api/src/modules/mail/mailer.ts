import type { Locale } from '@inscrio/shared';
import type { Executor } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { decryptSecret, encryptSecret } from '../../lib/secret-box';
import type { MailBrandLookup } from './mail-brand';
import type { MailTransport, OutgoingMail } from './mail-transport';
import { type MailTemplateName, type MailTemplates, renderMail } from './mail-templates';

export const MAIL_QUEUE = 'mail.send';

export interface Mailer {
  /** Renders now and sends in the background; inside `executor`'s transaction when given. */
  send<K extends MailTemplateName>(
    message: {
      to: string;
      locale: Locale;
      organizationId?: string;
      executor?: Executor;
      /** Sends it once only, however often asked, also across restarts (the job's id). */
      key?: string;
      /** A mail no transaction requires: the one-click link that stops this kind (RFC 8058). */
      unsubscribeUrl?: string;
    },
    template: K,
    params: MailTemplates[K],
  ): Promise<void>;
  /** Sends a mail now, from a background job that rendered it (with its attachments). */
  deliver(mail: OutgoingMail): Promise<void>;
}

/**
 * A mail job's payload: the rendered mail, sealed (AES-256-GCM, the organisation as context). A mail
 * rendered at once carries what exists nowhere else in readable form (a sign-in code, a reset or
 * invitation link: the database keeps only their hashes) besides the address and names, so the jobs
 * table holds none of it in clear. A payload in clear (the mail itself) is still sent: jobs queued
 * before mails were sealed.
 */
interface SealedMail extends Record<string, unknown> {
  sealed: string;
}

const sealContext = (organizationId: string | null | undefined) => `${MAIL_QUEUE}:${organizationId ?? ''}`;

/** `brandOf` finds the club's name and logo that head its mails (none without it: the factories). */
export function createMailer(
  queue: JobQueue,
  transport: MailTransport,
  encryptionKey: string,
  brandOf?: MailBrandLookup,
): Mailer {
  queue.register<SealedMail | OutgoingMail>(
    MAIL_QUEUE,
    async (payload, { organizationId }) => {
      if (!('sealed' in payload)) return transport.send(payload);
      const opened = decryptSecret(encryptionKey, payload.sealed, sealContext(organizationId));
      // Sealed with another key (the application secret changed): it can never be read, so never sent.
      if (opened === null) throw new Error('A sealed mail could not be opened with this key');
      return transport.send(JSON.parse(opened) as OutgoingMail);
    },
    { maxAttempts: 8 },
  );
  return {
    async send({ to, locale, organizationId, executor, key, unsubscribeUrl }, template, params) {
      const brand = organizationId && brandOf ? await brandOf(organizationId, executor) : null;
      const mail: OutgoingMail = {
        to,
        ...renderMail(template, params, locale, unsubscribeUrl, brand),
        ...(unsubscribeUrl
          ? {
              headers: {
                'List-Unsubscribe': `<${unsubscribeUrl}>`,
                'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
              },
            }
          : {}),
      };
      const sealed = encryptSecret(encryptionKey, JSON.stringify(mail), sealContext(organizationId));
      await queue.enqueue(MAIL_QUEUE, { sealed } satisfies SealedMail, {
        organizationId,
        executor,
        key: key && `mail:${key}`,
      });
    },
    deliver: (mail) => transport.send(mail),
  };
}
