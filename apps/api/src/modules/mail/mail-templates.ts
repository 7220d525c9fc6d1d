import type { Locale } from '@inscrio/shared';
import { brandHeader, type MailBrand } from './mail-brand';
import { accountTemplates } from './account-mail-templates';
import { documentTemplates } from './document-mail-templates';
import type { MailTemplateName, MailTemplates, TemplateSet } from './mail-template-types';
import { licenceTemplates } from './licence-mail-templates';
import { recoveryTemplates } from './recovery-mail-templates';
import { registrationTemplates } from './registration-mail-templates';
import { reminderTemplates } from './reminder-mail-templates';
import { sessionChangeTemplates } from './session-mail-templates';
import { supportTemplates } from './support-mail-templates';

export type { MailTemplateName, MailTemplates, RegistrationMailFacts } from './mail-template-types';

const templates: TemplateSet<MailTemplateName> = {
  ...accountTemplates,
  ...registrationTemplates,
  ...licenceTemplates,
  ...supportTemplates,
  ...sessionChangeTemplates,
  ...recoveryTemplates,
  ...documentTemplates,
  ...reminderTemplates,
};

const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const UNSUBSCRIBE_LABEL: Record<Locale, string> = {
  fr: 'Ne plus recevoir ces e-mails',
  en: 'Stop these e-mails',
};

/**
 * Renders a template in the recipient's language, as plain text and as HTML headed by the club's name
 * and logo (`brand`); a mail one may stop ends with its link.
 */
export function renderMail<K extends MailTemplateName>(
  name: K,
  params: MailTemplates[K],
  locale: Locale,
  unsubscribeUrl?: string,
  brand?: MailBrand | null,
): { subject: string; text: string; html: string } {
  const { subject, paragraphs, link } = templates[name][locale](params);
  const stop = unsubscribeUrl ? { label: UNSUBSCRIBE_LABEL[locale], href: unsubscribeUrl } : null;
  const text = [
    ...paragraphs,
    ...(link ? [`${link.label} : ${link.href}`] : []),
    ...(stop ? [`${stop.label} : ${stop.href}`] : []),
  ].join('\n\n');
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = link
    ? `<p style="margin:24px 0"><a href="${escapeHtml(link.href)}" style="background:#1d4ed8;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(link.label)}</a></p><p style="font-size:12px;color:#64748b;word-break:break-all">${escapeHtml(link.href)}</p>`
    : '';
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;color:#0f172a;background:#f8fafc;padding:24px"><div style="max-width:560px;margin:auto;background:#fff;border-radius:8px;padding:24px">${brandHeader(brand)}${body}${button}${stop ? `<p style="margin:24px 0 0;font-size:12px;color:#64748b"><a href="${escapeHtml(stop.href)}" style="color:#64748b">${escapeHtml(stop.label)}</a></p>` : ''}</div></body></html>`;
  return { subject, text, html };
}
