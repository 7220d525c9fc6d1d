import type { Locale } from '@inscrio/shared';

export interface MailTemplates {
  'sign-in-code': { organizationName: string; code: string; minutes: number };
  'password-reset': { organizationName: string; link: string; minutes: number };
  welcome: { organizationName: string; firstName: string; link: string };
  'email-change': { organizationName: string; newEmail: string; link: string; hours: number };
  'email-changed': { organizationName: string; newEmail: string };
  'representative-invitation': {
    organizationName: string;
    inviterName: string;
    firstName: string | null;
    link: string;
    days: number;
  };
  'member-invitation': { organizationName: string; firstName: string; link: string; days: number };
  // Registrations (registry helper; a cancellation is told by family-mail/family-mails.ts): dates already formatted 'dd/MM/yyyy HH:mm' in the organisation's zone.
  'registration-review-decision': RegistrationMailFacts & {
    /** accepted: in the cart until `holdUntil`; waiting-list: accepted but full; refused. */
    decision: 'accepted' | 'waiting-list' | 'refused';
    message: string | null;
    holdUntil: string | null;
    /** The deadline is the session's start (the delay would have passed it). */
    holdUntilIsStart?: boolean;
    link: string;
  };
  /** One request for several sessions (a term) decided at once: one e-mail listing each session's outcome. */
  'registration-review-group-decision': RegistrationMailFacts & {
    decision: 'accepted' | 'refused';
    sessions: {
      start: string;
      /** full: no seat left, the waiting-list request still waits. */
      decision: 'accepted' | 'waiting-list' | 'refused' | 'full';
      holdUntil: string | null;
      holdUntilIsStart: boolean;
    }[];
    message: string | null;
    link: string;
  };
  'waiting-list-offer': RegistrationMailFacts & { deadline: string; deadlineIsStart?: boolean; link: string };
  'period-invitations': {
    organizationName: string;
    periodName: string;
    items: { memberName: string; activityName: string; start: string }[];
    deadline: string;
    link: string;
  };
  // Orders (orders helper): amounts already formatted with formatMoney.
  'payment-received': { organizationName: string; amount: string; remaining: string | null; link: string };
  // Invoicing: amount formatted, due date dd/MM/yyyy, reference as printed for a transfer.
  'invoice-reminder': {
    organizationName: string;
    number: string;
    amount: string;
    dueDate: string;
    reference: string | null;
    iban: string | null;
    link: string;
  };
}

/** One registration as the registration e-mails name it. */
export interface RegistrationMailFacts {
  organizationName: string;
  memberName: string;
  activityName: string;
  start: string;
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
  'member-invitation': {
    fr: (p) => ({
      subject: `Votre compte sur ${p.organizationName}`,
      paragraphs: [
        `Bonjour ${p.firstName},`,
        `Un compte a été créé pour vous sur ${p.organizationName}. Choisissez votre mot de passe pour y accéder.`,
        `Ce lien est valable ${p.days} jours et ne peut servir qu'une fois. Vous pouvez aussi vous connecter à tout moment avec un code reçu par e-mail.`,
      ],
      link: { label: 'Choisir mon mot de passe', href: p.link },
    }),
    en: (p) => ({
      subject: `Your account on ${p.organizationName}`,
      paragraphs: [
        `Hello ${p.firstName},`,
        `An account has been created for you on ${p.organizationName}. Choose your password to access it.`,
        `This link is valid for ${p.days} days and can be used once. You can also sign in at any time with a code sent by e-mail.`,
      ],
      link: { label: 'Choose my password', href: p.link },
    }),
  },
  'email-change': {
    fr: (p) => ({
      subject: `Confirmez votre nouvelle adresse e-mail – ${p.organizationName}`,
      paragraphs: [
        'Bonjour,',
        `Vous avez demandé à utiliser l'adresse ${p.newEmail} pour votre compte sur ${p.organizationName}. Confirmez-la avec le lien ci-dessous : votre adresse ne change qu'après cette confirmation.`,
        `Ce lien est valable ${p.hours} heures et ne peut servir qu'une fois.`,
        "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : rien ne change.",
      ],
      link: { label: 'Confirmer cette adresse', href: p.link },
    }),
    en: (p) => ({
      subject: `Confirm your new e-mail address – ${p.organizationName}`,
      paragraphs: [
        'Hello,',
        `You asked to use ${p.newEmail} for your account on ${p.organizationName}. Confirm it with the link below: your address only changes once confirmed.`,
        `This link is valid for ${p.hours} hours and can be used once.`,
        'If you did not ask for this, ignore this message: nothing changes.',
      ],
      link: { label: 'Confirm this address', href: p.link },
    }),
  },
  'email-changed': {
    fr: (p) => ({
      subject: `Votre adresse e-mail a été modifiée – ${p.organizationName}`,
      paragraphs: [
        'Bonjour,',
        `L'adresse e-mail de votre compte sur ${p.organizationName} est désormais ${p.newEmail}. Ce message est le dernier envoyé à cette adresse-ci.`,
        `Si vous n'êtes pas à l'origine de ce changement, contactez ${p.organizationName} sans tarder.`,
      ],
    }),
    en: (p) => ({
      subject: `Your e-mail address has been changed – ${p.organizationName}`,
      paragraphs: [
        'Hello,',
        `The e-mail address of your account on ${p.organizationName} is now ${p.newEmail}. This is the last message sent to this address.`,
        `If you did not make this change, contact ${p.organizationName} right away.`,
      ],
    }),
  },
  'representative-invitation': {
    fr: (p) => ({
      subject: `${p.inviterName} vous invite à gérer sa famille sur ${p.organizationName}`,
      paragraphs: [
        p.firstName ? `Bonjour ${p.firstName},` : 'Bonjour,',
        `${p.inviterName} vous invite à devenir représentant de sa famille sur ${p.organizationName} : une fois l'invitation acceptée, vous gérerez les mêmes membres de la famille, avec votre propre compte.`,
        `Connectez-vous ou créez votre compte avec le lien ci-dessous. Il est valable ${p.days} jours.`,
        "Si vous ne connaissez pas cette personne, ignorez simplement ce message ou refusez l'invitation.",
      ],
      link: { label: "Voir l'invitation", href: p.link },
    }),
    en: (p) => ({
      subject: `${p.inviterName} invites you to manage their family on ${p.organizationName}`,
      paragraphs: [
        p.firstName ? `Hello ${p.firstName},` : 'Hello,',
        `${p.inviterName} invites you to become a representative of their family on ${p.organizationName}: once you accept, you will manage the same family members, with your own account.`,
        `Sign in or create your account with the link below. It is valid for ${p.days} days.`,
        'If you do not know this person, simply ignore this message or decline the invitation.',
      ],
      link: { label: 'See the invitation', href: p.link },
    }),
  },
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
