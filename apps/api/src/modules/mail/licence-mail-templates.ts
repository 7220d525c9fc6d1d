import type { TemplateSet } from './mail-template-types';

/** The licence e-mails: the club's administrators are told that its free trial ends soon. */
export const licenceTemplates: TemplateSet<'licence-trial-ending'> = {
  'licence-trial-ending': {
    fr: (p) => ({
      subject: `Votre période d'essai se termine le ${p.endDate} – ${p.organizationName}`,
      paragraphs: [
        'Bonjour,',
        `La période d'essai gratuite de ${p.organizationName} se termine le ${p.endDate}.`,
        p.nextPlanName
          ? `Votre abonnement passera ensuite à la formule « ${p.nextPlanName} », facturée chaque mois.`
          : "Contactez l'administration de la plateforme pour choisir votre formule.",
        "Vous retrouvez votre formule et vos factures dans la configuration de l'organisation.",
      ],
      link: { label: "Voir l'abonnement", href: p.link },
    }),
    en: (p) => ({
      subject: `Your free trial ends on ${p.endDate} – ${p.organizationName}`,
      paragraphs: [
        'Hello,',
        `The free trial of ${p.organizationName} ends on ${p.endDate}.`,
        p.nextPlanName
          ? `Your subscription will then move to the “${p.nextPlanName}” plan, billed every month.`
          : 'Contact the platform administration to choose your plan.',
        "Your plan and your invoices are in the organisation's settings.",
      ],
      link: { label: 'See the subscription', href: p.link },
    }),
  },
};
