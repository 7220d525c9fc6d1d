import type { TemplateSet } from './mail-template-types';

/** The report e-mail: the report a manager asked for is ready in the documents. */
export const reportTemplates: TemplateSet<'report-ready'> = {
  'report-ready': {
    fr: (p) => ({
      subject: `Votre rapport est prêt – ${p.organizationName}`,
      paragraphs: ['Bonjour,', `Le rapport « ${p.title} » est prêt : retrouvez-le dans les documents.`],
      link: { label: 'Voir les documents', href: p.link },
    }),
    en: (p) => ({
      subject: `Your report is ready – ${p.organizationName}`,
      paragraphs: ['Hello,', `The report “${p.title}” is ready: find it with the documents.`],
      link: { label: 'See the documents', href: p.link },
    }),
  },
};
