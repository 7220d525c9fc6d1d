import type { TemplateSet } from './mail-template-types';

/** The account e-mails: sign-in code, password reset, welcome, invitations, e-mail change. */
export const accountTemplates: TemplateSet<
  | 'sign-in-code'
  | 'password-reset'
  | 'welcome'
  | 'organization-welcome'
  | 'member-invitation'
  | 'email-change'
  | 'email-changed'
  | 'representative-invitation'
> = {
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
  'organization-welcome': {
    fr: (p) => ({
      subject: `Bienvenue sur Inscrio – ${p.organizationName}`,
      paragraphs: [
        `Bonjour ${p.firstName},`,
        `L'espace de ${p.organizationName} est créé et vous en êtes l'administrateur.`,
        ...(p.trialEnd ? [`Votre période d'essai gratuite court jusqu'au ${p.trialEnd}.`] : []),
        'Pour commencer, complétez les informations de facturation et choisissez votre moyen de paiement dans la configuration, puis publiez vos premières activités.',
      ],
      link: { label: 'Ouvrir mon espace', href: p.link },
    }),
    en: (p) => ({
      subject: `Welcome to Inscrio – ${p.organizationName}`,
      paragraphs: [
        `Hello ${p.firstName},`,
        `The space of ${p.organizationName} is ready and you are its administrator.`,
        ...(p.trialEnd ? [`Your free trial runs until ${p.trialEnd}.`] : []),
        'To start, complete the billing details and choose your payment method in the configuration, then publish your first activities.',
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
};
