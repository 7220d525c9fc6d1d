import type { SessionCancelledMember, TemplateSet } from './mail-template-types';

type Cancelled = SessionCancelledMember & { organizationName: string };

const listFr = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} et ${names.at(-1)}`;
const listEn = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/** Each member's compensation; named when the family had several members in the session. */
const compensations = (
  p: { organizationName: string; members: SessionCancelledMember[] },
  say: (c: Cancelled) => string,
) =>
  p.members.length === 1
    ? [say({ ...p.members[0]!, organizationName: p.organizationName })]
    : p.members.map((m) => `${m.memberName} : ${say({ ...m, organizationName: p.organizationName })}`);

/** What the family gets back, in French. */
function compensationFr(p: Cancelled): string {
  switch (p.compensation) {
    case 'refund':
      return `Le montant payé pour cette séance vous est remboursé par le moyen de paiement utilisé${p.creditNote ? ` (note de crédit ${p.creditNote.number} de ${p.creditNote.amount})` : ''}.`;
    case 'credit-note':
      return p.creditNote
        ? p.paid
          ? `Une note de crédit ${p.creditNote.number} de ${p.creditNote.amount} a été émise pour cette séance : ce montant est porté à votre crédit auprès de ${p.organizationName}.`
          : `Une note de crédit ${p.creditNote.number} de ${p.creditNote.amount} a été émise pour cette séance : ce montant n'est plus dû.`
        : 'Cette séance ne vous sera pas facturée.';
    case 'recovery-token':
      return 'Un jeton de récupération vous est attribué : utilisez-le pour inscrire votre enfant à une autre séance.';
    case 'nothing':
      return 'Cette séance ne vous avait rien coûté : rien ne vous est dû.';
  }
}

/** What the family gets back, in English. */
function compensationEn(p: Cancelled): string {
  switch (p.compensation) {
    case 'refund':
      return `What you paid for this session is refunded through the payment method you used${p.creditNote ? ` (credit note ${p.creditNote.number} of ${p.creditNote.amount})` : ''}.`;
    case 'credit-note':
      return p.creditNote
        ? p.paid
          ? `A credit note ${p.creditNote.number} of ${p.creditNote.amount} was issued for this session: the amount is credited to you with ${p.organizationName}.`
          : `A credit note ${p.creditNote.number} of ${p.creditNote.amount} was issued for this session: this amount is no longer due.`
        : 'This session will not be charged to you.';
    case 'recovery-token':
      return 'You receive a recovery token: use it to register your child to another session.';
    case 'nothing':
      return 'This session had cost you nothing: nothing is owed to you.';
  }
}

/** The e-mails of a session cancelled or postponed by the organisation, and of a holder's absence. */
export const sessionChangeTemplates: TemplateSet<
  'session-cancelled' | 'session-postponed' | 'holder-absence'
> = {
  'session-cancelled': {
    fr: (p) => ({
      subject: `Séance annulée : ${p.activityName} du ${p.start} – ${p.organizationName}`,
      paragraphs: [
        'Bonjour,',
        `${p.organizationName} a annulé la séance ${p.activityName} du ${p.start} à laquelle ${listFr(p.members.map((m) => m.memberName))} ${p.members.length > 1 ? 'étaient inscrits' : 'était inscrit(e)'}. Nous vous prions de nous en excuser.`,
        ...compensations(p, compensationFr),
      ],
      link: { label: 'Voir mes activités', href: p.link },
    }),
    en: (p) => ({
      subject: `Session cancelled: ${p.activityName} on ${p.start} – ${p.organizationName}`,
      paragraphs: [
        'Hello,',
        `${p.organizationName} cancelled the ${p.activityName} session on ${p.start} that ${listEn(p.members.map((m) => m.memberName))} ${p.members.length > 1 ? 'were' : 'was'} registered to. We apologise for the inconvenience.`,
        ...compensations(p, compensationEn),
      ],
      link: { label: 'See my activities', href: p.link },
    }),
  },
  'session-postponed': {
    fr: (p) => ({
      subject: `Séance reportée : ${p.activityName} du ${p.start} – ${p.organizationName}`,
      paragraphs: [
        'Bonjour,',
        `La séance ${p.activityName} du ${p.start} à laquelle ${listFr(p.memberNames)} ${p.memberNames.length > 1 ? 'sont inscrits' : 'est inscrit(e)'} est reportée au ${p.newStart}.`,
        `${p.memberNames.length > 1 ? 'Les inscriptions restent valables' : "L'inscription reste valable"} pour la nouvelle date. Si celle-ci ne vous convient pas, contactez l'organisation.`,
      ],
      link: { label: 'Voir mes activités', href: p.link },
    }),
    en: (p) => ({
      subject: `Session postponed: ${p.activityName} on ${p.start} – ${p.organizationName}`,
      paragraphs: [
        'Hello,',
        `The ${p.activityName} session on ${p.start} that ${listEn(p.memberNames)} ${p.memberNames.length > 1 ? 'are' : 'is'} registered to is postponed to ${p.newStart}.`,
        `The registration${p.memberNames.length > 1 ? 's stay' : ' stays'} valid for the new date. If it does not suit you, contact the organisation.`,
      ],
      link: { label: 'See my activities', href: p.link },
    }),
  },
  'holder-absence': {
    fr: (p) => ({
      subject: `Encadrant absent : ${p.activityName} du ${p.start} – ${p.organizationName}`,
      paragraphs: [
        'Bonjour,',
        `${p.holderName} sera absent(e) à la séance ${p.activityName} du ${p.start}.`,
        ...(p.note ? [`Motif indiqué : ${p.note}`] : []),
        'Désignez un remplaçant depuis la page de la séance.',
      ],
      link: { label: 'Ouvrir la séance', href: p.link },
    }),
    en: (p) => ({
      subject: `Holder absent: ${p.activityName} on ${p.start} – ${p.organizationName}`,
      paragraphs: [
        'Hello,',
        `${p.holderName} will be absent from the ${p.activityName} session on ${p.start}.`,
        ...(p.note ? [`Reason given: ${p.note}`] : []),
        'Name a replacement from the session page.',
      ],
      link: { label: 'Open the session', href: p.link },
    }),
  },
};
