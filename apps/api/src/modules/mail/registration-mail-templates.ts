import type { TemplateSet } from './mail-template-types';

/** The registration and money e-mails sent by the registry, orders and invoicing helpers. */
export const registrationTemplates: TemplateSet<
  | 'registration-review-decision'
  | 'registration-review-group-decision'
  | 'waiting-list-offer'
  | 'period-invitations'
  | 'payment-received'
  | 'invoice-reminder'
> = {
  'registration-review-decision': {
    fr: (p) => ({
      subject:
        p.decision === 'refused'
          ? `Demande refusée : ${p.activityName} du ${p.start} – ${p.organizationName}`
          : `Demande acceptée : ${p.activityName} du ${p.start} – ${p.organizationName}`,
      paragraphs: [
        'Bonjour,',
        p.decision === 'refused'
          ? `Votre demande d'inscription de ${p.memberName} à la séance ${p.activityName} du ${p.start} a été refusée.`
          : p.decision === 'accepted'
            ? p.holdUntilIsStart
              ? `Votre demande d'inscription de ${p.memberName} à la séance ${p.activityName} du ${p.start} a été acceptée. La place lui est réservée jusqu'au début de la séance : acceptez-la dans « Mes activités » avant le ${p.holdUntil}, puis finalisez la commande.`
              : `Votre demande d'inscription de ${p.memberName} à la séance ${p.activityName} du ${p.start} a été acceptée. La place lui est réservée : acceptez-la dans « Mes activités » avant le ${p.holdUntil}, puis finalisez la commande.`
            : `Votre demande d'inscription de ${p.memberName} à la séance ${p.activityName} du ${p.start} a été acceptée, mais la séance est complète : ${p.memberName} est inscrit(e) sur la liste d'attente et vous serez prévenu(e) par e-mail dès qu'une place se libère.`,
        ...(p.message ? [`Message de l'organisation : ${p.message}`] : []),
      ],
      link: { label: 'Voir mes activités', href: p.link },
    }),
    en: (p) => ({
      subject:
        p.decision === 'refused'
          ? `Request declined: ${p.activityName} on ${p.start} – ${p.organizationName}`
          : `Request accepted: ${p.activityName} on ${p.start} – ${p.organizationName}`,
      paragraphs: [
        'Hello,',
        p.decision === 'refused'
          ? `Your request to register ${p.memberName} to the ${p.activityName} session on ${p.start} was declined.`
          : p.decision === 'accepted'
            ? p.holdUntilIsStart
              ? `Your request to register ${p.memberName} to the ${p.activityName} session on ${p.start} was accepted. The seat is held for them until the session starts: accept it in « My activities » before ${p.holdUntil}, then complete the order.`
              : `Your request to register ${p.memberName} to the ${p.activityName} session on ${p.start} was accepted. The seat is held for them: accept it in « My activities » before ${p.holdUntil}, then complete the order.`
            : `Your request to register ${p.memberName} to the ${p.activityName} session on ${p.start} was accepted, but the session is full: ${p.memberName} is on the waiting list and you will be told by e-mail as soon as a seat frees up.`,
        ...(p.message ? [`Message from the organisation: ${p.message}`] : []),
      ],
      link: { label: 'See my activities', href: p.link },
    }),
  },
  'registration-review-group-decision': {
    fr: (p) => ({
      subject:
        p.decision === 'refused'
          ? `Demande refusée : ${p.activityName}, ${p.sessions.length} séances – ${p.organizationName}`
          : `Demande acceptée : ${p.activityName}, ${p.sessions.length} séances – ${p.organizationName}`,
      paragraphs: [
        'Bonjour,',
        p.decision === 'refused'
          ? `Votre demande d'inscription de ${p.memberName} aux ${p.sessions.length} séances ${p.activityName} a été refusée.`
          : `Votre demande d'inscription de ${p.memberName} aux ${p.sessions.length} séances ${p.activityName} a été acceptée. Acceptez chaque place dans « Mes activités » avant l'échéance indiquée, puis finalisez la commande.`,
        ...p.sessions.map((s) =>
          s.decision === 'refused'
            ? `• ${s.start} : refusée`
            : s.decision === 'accepted'
              ? s.holdUntilIsStart
                ? `• ${s.start} : place réservée jusqu'au début de la séance (${s.holdUntil})`
                : `• ${s.start} : place réservée, à accepter avant le ${s.holdUntil}`
              : s.decision === 'waiting-list'
                ? `• ${s.start} : séance complète, ${p.memberName} est sur la liste d'attente (vous serez prévenu(e) par e-mail dès qu'une place se libère)`
                : `• ${s.start} : séance complète, la demande reste sur la liste d'attente`,
        ),
        ...(p.message ? [`Message de l'organisation : ${p.message}`] : []),
      ],
      link: { label: 'Voir mes activités', href: p.link },
    }),
    en: (p) => ({
      subject:
        p.decision === 'refused'
          ? `Request declined: ${p.activityName}, ${p.sessions.length} sessions – ${p.organizationName}`
          : `Request accepted: ${p.activityName}, ${p.sessions.length} sessions – ${p.organizationName}`,
      paragraphs: [
        'Hello,',
        p.decision === 'refused'
          ? `Your request to register ${p.memberName} to the ${p.sessions.length} ${p.activityName} sessions was declined.`
          : `Your request to register ${p.memberName} to the ${p.sessions.length} ${p.activityName} sessions was accepted. Accept each seat in « My activities » before its deadline, then complete the order.`,
        ...p.sessions.map((s) =>
          s.decision === 'refused'
            ? `• ${s.start}: declined`
            : s.decision === 'accepted'
              ? s.holdUntilIsStart
                ? `• ${s.start}: seat held until the session starts (${s.holdUntil})`
                : `• ${s.start}: seat held, accept it before ${s.holdUntil}`
              : s.decision === 'waiting-list'
                ? `• ${s.start}: session full, ${p.memberName} is on the waiting list (you will be told by e-mail as soon as a seat frees up)`
                : `• ${s.start}: session full, the request stays on the waiting list`,
        ),
        ...(p.message ? [`Message from the organisation: ${p.message}`] : []),
      ],
      link: { label: 'See my activities', href: p.link },
    }),
  },
  'waiting-list-offer': {
    fr: (p) => ({
      subject: `Une place s'est libérée : ${p.activityName} du ${p.start} – ${p.organizationName}`,
      paragraphs: [
        'Bonjour,',
        p.deadlineIsStart
          ? `Une place s'est libérée pour ${p.memberName} à la séance ${p.activityName} du ${p.start}. Elle vous est réservée jusqu'au début de la séance : acceptez-la avant le ${p.deadline}.`
          : `Une place s'est libérée pour ${p.memberName} à la séance ${p.activityName} du ${p.start}. Elle vous est réservée : acceptez-la avant le ${p.deadline}, après quoi elle sera proposée à la famille suivante.`,
      ],
      link: { label: 'Accepter ou refuser la place', href: p.link },
    }),
    en: (p) => ({
      subject: `A seat has freed up: ${p.activityName} on ${p.start} – ${p.organizationName}`,
      paragraphs: [
        'Hello,',
        p.deadlineIsStart
          ? `A seat has freed up for ${p.memberName} in the ${p.activityName} session on ${p.start}. It is kept for you until the session starts: accept it before ${p.deadline}.`
          : `A seat has freed up for ${p.memberName} in the ${p.activityName} session on ${p.start}. It is kept for you: accept it before ${p.deadline}, after which it will be offered to the next family.`,
      ],
      link: { label: 'Accept or decline the seat', href: p.link },
    }),
  },
  'period-invitations': {
    fr: (p) => ({
      subject: `Invitation à vous réinscrire : ${p.periodName} – ${p.organizationName}`,
      paragraphs: [
        'Bonjour,',
        `${p.organizationName} vous invite à réinscrire les membres de votre famille pour ${p.periodName}. Une place leur est réservée :`,
        ...p.items.map((i) => `• ${i.memberName} — ${i.activityName}, ${i.start}`),
        `Acceptez ou refusez ces invitations avant le ${p.deadline} : passé ce délai, les places seront libérées.`,
      ],
      link: { label: 'Répondre aux invitations', href: p.link },
    }),
    en: (p) => ({
      subject: `Invitation to register again: ${p.periodName} – ${p.organizationName}`,
      paragraphs: [
        'Hello,',
        `${p.organizationName} invites you to register your family members again for ${p.periodName}. A seat is kept for them:`,
        ...p.items.map((i) => `• ${i.memberName} — ${i.activityName}, ${i.start}`),
        `Accept or decline these invitations before ${p.deadline}: after that, the seats will be released.`,
      ],
      link: { label: 'Answer the invitations', href: p.link },
    }),
  },
  'payment-received': {
    fr: (p) => ({
      subject: `Paiement reçu – ${p.organizationName}`,
      paragraphs: [
        'Bonjour,',
        `${p.organizationName} a bien reçu votre paiement de ${p.amount}. Merci !`,
        p.remaining
          ? `Il reste ${p.remaining} à régler pour cette commande.`
          : 'Votre commande est entièrement payée.',
      ],
      link: { label: 'Voir ma commande', href: p.link },
    }),
    en: (p) => ({
      subject: `Payment received – ${p.organizationName}`,
      paragraphs: [
        'Hello,',
        `${p.organizationName} has received your payment of ${p.amount}. Thank you!`,
        p.remaining ? `${p.remaining} remains to be paid on this order.` : 'Your order is paid in full.',
      ],
      link: { label: 'View my order', href: p.link },
    }),
  },
  'invoice-reminder': {
    fr: (p) => ({
      subject: `Rappel : facture ${p.number} – ${p.organizationName}`,
      paragraphs: [
        'Bonjour,',
        `Sauf erreur de notre part, la facture ${p.number} de ${p.organizationName} n’est pas encore réglée : il reste ${p.amount} à payer (échéance le ${p.dueDate}).`,
        ...[transferLine(p.iban, p.reference, true)].filter((l): l is string => l !== null),
        'Si vous avez payé entre-temps, merci de ne pas tenir compte de ce message.',
      ],
      link: { label: 'Voir ma commande', href: p.link },
    }),
    en: (p) => ({
      subject: `Reminder: invoice ${p.number} – ${p.organizationName}`,
      paragraphs: [
        'Hello,',
        `Unless we are mistaken, invoice ${p.number} from ${p.organizationName} has not been paid yet: ${p.amount} remains due (due date ${p.dueDate}).`,
        ...[transferLine(p.iban, p.reference, false)].filter((l): l is string => l !== null),
        'If you have paid in the meantime, please disregard this message.',
      ],
      link: { label: 'View my order', href: p.link },
    }),
  },
};

const transferLine = (iban: string | null, reference: string | null, fr: boolean) =>
  iban && reference
    ? fr
      ? `Virement sur le compte ${iban} avec la communication structurée ${reference}.`
      : `Transfer to account ${iban} with the structured reference ${reference}.`
    : null;
