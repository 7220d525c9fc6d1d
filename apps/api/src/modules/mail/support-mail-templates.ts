import type { TemplateSet } from './mail-template-types';

/** « Contacter l'administration »: each message of a support thread also goes by e-mail. */
export const supportTemplates: TemplateSet<'support-message' | 'support-answer'> = {
  'support-message': {
    fr: (p) => ({
      subject: `[Support] ${p.subject} – ${p.organizationName}`,
      paragraphs: [
        'Bonjour,',
        `${p.authorName} (${p.organizationName}) a écrit à l'administration de la plateforme :`,
        p.message,
      ],
      link: { label: 'Voir la conversation', href: p.link },
    }),
    en: (p) => ({
      subject: `[Support] ${p.subject} – ${p.organizationName}`,
      paragraphs: [
        'Hello,',
        `${p.authorName} (${p.organizationName}) wrote to the platform administration:`,
        p.message,
      ],
      link: { label: 'See the conversation', href: p.link },
    }),
  },
  'support-answer': {
    fr: (p) => ({
      subject: `Réponse de l'administration : ${p.subject}`,
      paragraphs: ['Bonjour,', "L'administration de la plateforme vous a répondu :", p.message],
      link: { label: 'Voir la conversation', href: p.link },
    }),
    en: (p) => ({
      subject: `Answer from the administration: ${p.subject}`,
      paragraphs: ['Hello,', 'The platform administration answered you:', p.message],
      link: { label: 'See the conversation', href: p.link },
    }),
  },
};
