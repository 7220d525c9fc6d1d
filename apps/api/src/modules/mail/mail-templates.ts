import type { Locale } from '@inscrio/shared';

export interface MailTemplates {
  'sign-in-code': { organizationName: string; code: string; minutes: number };
  'password-reset': { organizationName: string; link: string; minutes: number };
  welcome: { organizationName: string; firstName: string; link: string };
}

export type MailTemplateName = keyof MailTemplates;

interface Rendered {
  subject: string;
  /** Paragraphs; a `{link}` paragraph becomes a button in HTML. */
  paragraphs: string[];
  link?: { label: string; href: string };
}

const templates: { [K in MailTemplateName]: Record<Locale, (p: MailTemplates[K]) => Rendered> } = {
  'sign-in-code': {
    fr: (p) => ({
      subject: `${p.code} est votre code de connexion à ${p.organizationName}`,
      paragraphs: [
        'Bonjour,',
        `Voici votre code de connexion à ${p.organizationName} : ${p.code}`,
        `Il est valable ${p.minutes} minutes et ne peut servir qu'une fois.`,
        "Si vous n'avez pas demandé ce code, ignorez simplement ce message.",
      ],
    }),
    en: (p) => ({
      subject: `${p.code} is your sign-in code for ${p.organizationName}`,
      paragraphs: [
        'Hello,',
        `Here is your sign-in code for ${p.organizationName}: ${p.code}`,
        `It is valid for ${p.minutes} minutes and can be used once.`,
        'If you did not ask for this code, simply ignore this message.',
      ],
    }),
  },
  'password-reset': {
    fr: (p) => ({
      subject: `Réinitialisation de votre mot de passe – ${p.organizationName}`,
      paragraphs: [
        'Bonjour,',
        `Vous avez demandé à réinitialiser votre mot de passe sur ${p.organizationName}.`,
        `Ce lien est valable ${p.minutes} minutes et ne peut servir qu'une fois.`,
        "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.",
      ],
      link: { label: 'Choisir un nouveau mot de passe', href: p.link },
    }),
    en: (p) => ({
      subject: `Reset your password – ${p.organizationName}`,
      paragraphs: [
        'Hello,',
        `You asked to reset your password on ${p.organizationName}.`,
        `This link is valid for ${p.minutes} minutes and can be used once.`,
        'If you did not ask for this, ignore this message: your password stays unchanged.',
      ],
      link: { label: 'Choose a new password', href: p.link },
    }),
  },
  welcome: {
    fr: (p) => ({
      subject: `Bienvenue sur ${p.organizationName}`,
      paragraphs: [
        `Bonjour ${p.firstName},`,
        `Votre compte sur ${p.organizationName} est créé. Vous pouvez dès à présent ajouter les membres de votre famille et les inscrire aux activités.`,
      ],
      link: { label: 'Accéder à mon espace', href: p.link },
    }),
    en: (p) => ({
      subject: `Welcome to ${p.organizationName}`,
      paragraphs: [
        `Hello ${p.firstName},`,
        `Your account on ${p.organizationName} is ready. You can now add your family members and register them for activities.`,
      ],
      link: { label: 'Open my space', href: p.link },
    }),
  },
};

const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** Renders a template in the recipient's language, as plain text and as HTML. */
export function renderMail<K extends MailTemplateName>(
  name: K,
  params: MailTemplates[K],
  locale: Locale,
): { subject: string; text: string; html: string } {
  const { subject, paragraphs, link } = templates[name][locale](params);
  const text = [...paragraphs, ...(link ? [`${link.label} : ${link.href}`] : [])].join('\n\n');
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = link
    ? `<p style="margin:24px 0"><a href="${escapeHtml(link.href)}" style="background:#1d4ed8;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(link.label)}</a></p><p style="font-size:12px;color:#64748b;word-break:break-all">${escapeHtml(link.href)}</p>`
    : '';
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;color:#0f172a;background:#f8fafc;padding:24px"><div style="max-width:560px;margin:auto;background:#fff;border-radius:8px;padding:24px">${body}${button}</div></body></html>`;
  return { subject, text, html };
}
