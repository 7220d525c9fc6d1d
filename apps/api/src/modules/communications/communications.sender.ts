import { type Locale, resolveLocale } from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { organizationUrl } from '../../config';
import type { JobContext } from '../../jobs/queue';
import { escapeHtml, htmlToText } from '../inbox/sanitize-html';
import { brandHeader, createMailBrandLookup, type MailBrand } from '../mail/mail-brand';
import { type MailAttachment, SMTP_POOL_CONNECTIONS } from '../mail/mail-transport';
import { createOrganizationRepository } from '../organizations/organization.repository';
import { createDeliveryRepository } from './communications-delivery.repository';
import { type CommunicationRow, createCommunicationsRepository } from './communications.repository';
import { afterFailure, failureReason, INTERRUPTED_REASON, pacer, versionFor } from './communications.rules';

export const COMMUNICATION_QUEUE = 'communications.send';
/** Whole-job attempts (each resumes where the last stopped); transient failures back off between them. */
export const COMMUNICATION_ATTEMPTS = 8;

export interface CommunicationJob extends Record<string, unknown> {
  communicationId: string;
}

/** Recipients taken at a time by the sending job. */
const CLAIM_BATCH = 200;

/** The background sending of a communication's e-mails (its job, communications.job.ts). */
export function createCommunicationSender(ctx: AppContext) {
  const repository = createCommunicationsRepository(ctx.db);
  const delivery = createDeliveryRepository(ctx.db);
  const brandOf = createMailBrandLookup(ctx.config, ctx.db);

  /** The e-mail of a communication in one language, with the link to the family's inbox. */
  function renderMail(
    row: CommunicationRow,
    locale: Locale,
    organization: { name: string; key: string },
    brand: MailBrand | null,
  ): { subject: string; html: string; text: string } {
    const { subject, body } = versionFor(row, locale);
    const link = organizationUrl(ctx.config, organization.key, '/communications');
    const footer =
      locale === 'fr'
        ? `Message de ${organization.name}. Retrouvez vos messages sur`
        : `Message from ${organization.name}. Find your messages at`;
    return {
      subject,
      html: `<!doctype html><html><body>${brandHeader(brand)}${body}<hr><p style="color:#555;font-size:12px">${escapeHtml(footer)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p></body></html>`,
      text: `${htmlToText(body)}\n\n--\n${footer} ${link}`,
    };
  }

  /**
   * The sending job: recipients a dead run had taken fail (sent or not, nobody knows: never sent again
   * by itself); then the queued ones go, a batch after the other, at the organisation's pace through
   * the pooled connections, each marked the moment its send ends. Transient failures are queued again
   * and the job retried with backoff; permanent ones fail with their reason.
   */
  async function send(job: CommunicationJob, { organizationId, attempt }: JobContext): Promise<void> {
    if (!organizationId) throw new Error('A communication job without its organisation');
    const id = job.communicationId;
    const row = await repository.find(organizationId, id);
    const organization = await createOrganizationRepository(ctx.db).findById(organizationId);
    if (!row || !organization) return;
    const brand = await brandOf(organizationId);
    await delivery.failInterrupted(organizationId, id, INTERRUPTED_REASON.fr);
    const files = await repository.attachments(organizationId, id, true);
    const attachments: MailAttachment[] = files.map((f, i) => ({
      filename: f.fileName ?? `piece-jointe-${i + 1}`,
      content: f.data,
      contentType: f.contentType,
    }));
    const rendered = new Map<Locale, ReturnType<typeof renderMail>>();
    const mailIn = (locale: Locale) => {
      let mail = rendered.get(locale);
      if (!mail) rendered.set(locale, (mail = renderMail(row, locale, organization, brand)));
      return mail;
    };
    const pace = pacer(await repository.rate(organizationId), () => Date.now());
    let transient = 0;
    // One set of sends in flight across batches: the pooled connections stay busy while a batch's
    // addresses are marked and the next batch is claimed (waiting for each batch to drain left them
    // idle at every batch's end, for its last sends and two round trips to the database).
    const inFlight = new Set<Promise<void>>();
    const marking: Promise<void>[] = [];
    // Those queued again wait for the job's next attempt (after its backoff): no batch is claimed once
    // one failed for now (a claim already on its way may still take one back: it is tried at once).
    while (transient === 0) {
      const batch = await delivery.claim(organizationId, id, CLAIM_BATCH);
      if (batch.length === 0) break;
      const sent: string[] = [];
      const sends: Promise<void>[] = [];
      for (const recipient of batch) {
        const delay = pace.wait();
        if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
        while (inFlight.size >= SMTP_POOL_CONNECTIONS) await Promise.race(inFlight);
        const sending = ctx.mailer
          .deliver({ to: recipient.email, ...mailIn(resolveLocale(recipient.locale)), attachments })
          .then(
            () => {
              sent.push(recipient.email);
            },
            (error: unknown) => {
              const status = afterFailure(error, recipient.attempts);
              if (status === 'queued') transient++;
              return delivery.settle(organizationId, id, recipient.email, {
                status,
                error: failureReason(error),
              });
            },
          )
          .finally(() => inFlight.delete(sending));
        inFlight.add(sending);
        sends.push(sending);
      }
      // The batch's sent addresses marked in one statement once its last send ended, while the next
      // batch goes: a worker dying before leaves them `sending`, failed as interrupted by the next
      // run, never sent again by itself.
      const marked = Promise.all(sends).then(() => delivery.markSent(organizationId, id, sent, new Date()));
      // Its failure fails the job below (awaited there), not the process meanwhile.
      marked.catch(() => {});
      marking.push(marked);
    }
    await Promise.all(inFlight);
    await Promise.all(marking);
    if (transient > 0 && attempt >= COMMUNICATION_ATTEMPTS) {
      // The last attempt: what could not go fails with its reason, for a manager to send again.
      await delivery.failQueued(organizationId, id);
      return;
    }
    if (transient > 0 && (await delivery.queuedCount(organizationId, id)) > 0) {
      throw new Error(`${transient} recipients failed for now; retried with backoff`);
    }
  }

  return { send };
}
