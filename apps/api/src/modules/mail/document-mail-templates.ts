import type { TemplateSet } from './mail-template-types';

/**
 * A document made in the background (a report, a batch of certificates) is ready: the manager who asked
 * is told, with the way to the documents. Its title says what it is.
 */
export const documentTemplates: TemplateSet<'document-ready'> = {
  'document-ready': {
    fr: (p) => ({
      subject: `Votre document est prêt – ${p.organizationName}`,
      paragraphs: ['Bonjour,', `Le document « ${p.title} » est prêt : retrouvez-le dans les documents.`],
      link: { label: 'Voir les documents', href: p.link },
    }),
    en: (p) => ({
      subject: `Your document is ready – ${p.organizationName}`,
      paragraphs: ['Hello,', `The document “${p.title}” is ready: find it with the documents.`],
      link: { label: 'See the documents', href: p.link },
    }),
  },
};
