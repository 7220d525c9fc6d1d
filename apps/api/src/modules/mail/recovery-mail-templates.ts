import type { RecoveryMailFacts, TemplateSet } from './mail-template-types';

/** Why the token exists, as a sentence's end: « … pour l'absence de Léa au Judo du 12/10/2026 18:00 ». */
const frWhy = (p: RecoveryMailFacts) => {
  const session = p.activityName ? ` à la séance ${p.activityName} du ${p.start}` : '';
  switch (p.origin) {
    case 'absence':
      return `suite à son absence${session}`;
    case 'family-cancellation':
      return `suite à l'annulation de son inscription${session}`;
    case 'session-cancelled':
      return `suite à l'annulation par le club de la séance${p.activityName ? ` ${p.activityName} du ${p.start}` : ''}`;
    case 'manual':
      return 'offerte par le club';
  }
};

const enWhy = (p: RecoveryMailFacts) => {
  const session = p.activityName ? ` the ${p.activityName} session of ${p.start}` : ' a session';
  switch (p.origin) {
    case 'absence':
      return `for missing${session}`;
    case 'family-cancellation':
      return `for cancelling${session} in time`;
    case 'session-cancelled':
      return `because the club cancelled${session}`;
    case 'manual':
      return 'given by the club';
  }
};

/** The recovery token e-mails: a token was given, a token expires in a week, an absence's token taken back. */
export const recoveryTemplates: TemplateSet<
  'recovery-token-created' | 'recovery-token-expiring' | 'recovery-token-withdrawn'
> = {
  'recovery-token-created': {
    fr: (p) => ({
      subject: `Une récupération pour ${p.memberName} – ${p.organizationName}`,
      paragraphs: [
        'Bonjour,',
        `${p.memberName} reçoit une récupération ${frWhy(p)}.`,
        ...(p.value ? [`Elle vaut ${p.value}, ce qui avait été payé pour cette séance.`] : []),
        `Choisissez une autre séance avant le ${p.expires} depuis la page « Récupérations ».`,
      ],
      link: { label: 'Utiliser la récupération', href: p.link },
    }),
    en: (p) => ({
      subject: `A recovery token for ${p.memberName} – ${p.organizationName}`,
      paragraphs: [
        'Hello,',
        `${p.memberName} receives a recovery token ${enWhy(p)}.`,
        ...(p.value ? [`It is worth ${p.value}, what was paid for that session.`] : []),
        `Choose another session before ${p.expires} on the “Recovery tokens” page.`,
      ],
      link: { label: 'Use the token', href: p.link },
    }),
  },
  'recovery-token-expiring': {
    fr: (p) => ({
      subject: `La récupération de ${p.memberName} expire le ${p.expires} – ${p.organizationName}`,
      paragraphs: [
        'Bonjour,',
        `La récupération de ${p.memberName}${p.activityName ? ` (${p.activityName} du ${p.start})` : ''} expire le ${p.expires}.`,
        'Choisissez une séance avant cette date : elle ne pourra plus être utilisée ensuite.',
      ],
      link: { label: 'Utiliser la récupération', href: p.link },
    }),
    en: (p) => ({
      subject: `${p.memberName}'s recovery token expires on ${p.expires} – ${p.organizationName}`,
      paragraphs: [
        'Hello,',
        `${p.memberName}'s recovery token${p.activityName ? ` (${p.activityName} of ${p.start})` : ''} expires on ${p.expires}.`,
        'Choose a session before then: it cannot be used afterwards.',
      ],
      link: { label: 'Use the token', href: p.link },
    }),
  },
  'recovery-token-withdrawn': {
    fr: (p) => ({
      subject: `Récupération retirée pour ${p.memberName} – ${p.organizationName}`,
      paragraphs: [
        'Bonjour,',
        `La présence de ${p.memberName}${p.activityName ? ` à la séance ${p.activityName} du ${p.start}` : ''} a été corrigée : ${p.memberName} était présent·e. La récupération reçue pour cette absence est donc retirée.`,
        'Si vous pensez que c’est une erreur, répondez à ce message ou contactez le club.',
      ],
      link: { label: 'Voir mes récupérations', href: p.link },
    }),
    en: (p) => ({
      subject: `Recovery token withdrawn for ${p.memberName} – ${p.organizationName}`,
      paragraphs: [
        'Hello,',
        `${p.memberName}'s attendance${p.activityName ? ` at the ${p.activityName} session of ${p.start}` : ''} was corrected: ${p.memberName} was there. The recovery token given for that absence is therefore withdrawn.`,
        'If you think this is a mistake, reply to this message or contact the club.',
      ],
      link: { label: 'See my recovery tokens', href: p.link },
    }),
  },
};
