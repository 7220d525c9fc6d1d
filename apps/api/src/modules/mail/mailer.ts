import type { Locale } from '@inscrio/shared';
import type { Executor } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import type { MailTransport, OutgoingMail } from './mail-transport';
import { type MailTemplateName, type MailTemplates, renderMail } from './mail-templates';

export const MAIL_QUEUE = 'mail.send';

export interface Mailer {
  /** Renders now and sends in the background; inside `executor`'s transaction when given. */
  send<K extends MailTemplateName>(
    message: { to: string; locale: Locale; organizationId?: string; executor?: Executor },
    template: K,
    params: MailTemplates[K],
  ): Promise<void>;
  /** Sends a mail now, from a background job that rendered it (with its attachments). */
  deliver(mail: OutgoingMail): Promise<void>;
}

export function createMailer(queue: JobQueue, transport: MailTransport): Mailer {
  queue.register<OutgoingMail>(MAIL_QUEUE, (mail) => transport.send(mail), { maxAttempts: 8 });
  return {
    async send({ to, locale, organizationId, executor }, template, params) {
      const mail: OutgoingMail = { to, ...renderMail(template, params, locale) };
      await queue.enqueue(MAIL_QUEUE, { ...mail }, { organizationId, executor });
    },
    deliver: (mail) => transport.send(mail),
  };
}
