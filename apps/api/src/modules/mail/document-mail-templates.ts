import type { TemplateSet } from './mail-template-types';

/** A background document (bulk certificates, a large report) is ready: the manager who asked is told. */
export const documentTemplates: TemplateSet<'document-ready'> = {
  'document-ready': {
    fr: (p) => ({
      subject: `Document prêt : ${p.title}`,
      paragraphs: ['Bonjour,', `Le document « ${p.title} » de ${p.organizationName} est prêt.`],
      link: { label: 'Ouvrir', href: p.link },
    }),
    en: (p) => ({
      subject: `Document ready: ${p.title}`,
      paragraphs: ['Hello,', `The document “${p.title}” of ${p.organizationName} is ready.`],
      link: { label: 'Open', href: p.link },
    }),
  },
};
