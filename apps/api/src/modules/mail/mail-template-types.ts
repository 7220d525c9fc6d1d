import type { Locale } from '@inscrio/shared';

export interface MailTemplates {
  /** A document made in the background (bulk certificates, a report) is ready for the manager who asked. */
  'document-ready': { organizationName: string; title: string; link: string };
  'sign-in-code': { organizationName: string; code: string; minutes: number };
  'password-reset': { organizationName: string; link: string; minutes: number };
  welcome: { organizationName: string; firstName: string; link: string };
  /** A new organisation's administrator, after the club signed up (or was created by the platform). */
  'organization-welcome': {
    organizationName: string;
    firstName: string;
    link: string;
    /** The free trial's last day, formatted dd/MM/yyyy; null on a plan without end. */
    trialEnd: string | null;
  };
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
  // Licences: the club's free trial ends in a few days (end date dd/MM/yyyy; next plan's label).
  'licence-trial-ending': {
    organizationName: string;
    endDate: string;
    nextPlanName: string | null;
    link: string;
  };
  // Contact support: a new message for the system administrators, an answer for the thread's author.
  'support-message': {
    organizationName: string;
    authorName: string;
    subject: string;
    message: string;
    link: string;
  };
  'support-answer': { subject: string; message: string; link: string };
  // Session changes (session-changes module): dates 'dd/MM/yyyy HH:mm' in the organisation's zone, amounts formatted.
  /** One e-mail per family and session: each of its members in it, with what the family gets back for them. */
  'session-cancelled': Omit<RegistrationMailFacts, 'memberName'> & {
    members: SessionCancelledMember[];
    link: string;
  };
  /** One e-mail per family and session, naming each of its members in it. */
  'session-postponed': Omit<RegistrationMailFacts, 'memberName'> & {
    memberNames: string[];
    newStart: string;
    link: string;
  };
  /** To the organisation's managers: a holder will not hold a session, name a replacement. */
  'holder-absence': {
    organizationName: string;
    holderName: string;
    activityName: string;
    start: string;
    note: string | null;
    link: string;
  };
  // Recovery tokens: the missed session ('dd/MM/yyyy HH:mm'), the value formatted, the expiry 'dd/MM/yyyy'.
  'recovery-token-created': RecoveryMailFacts;
  'recovery-token-expiring': RecoveryMailFacts;
  /** An absence's token taken back: the participant was marked present after all. */
  'recovery-token-withdrawn': RecoveryMailFacts;
  /** The day before a session (session-changes/session-reminders.job.ts): the family's members in it. */
  'session-reminder': {
    organizationName: string;
    memberNames: string[];
    activityName: string;
    /** 'dd/MM/yyyy HH:mm' in the organisation's zone. */
    start: string;
    location: string | null;
    link: string;
  };
}

/** A member of a cancelled session, and what the family gets back for their registration. */
export interface SessionCancelledMember {
  memberName: string;
  /** What the family gets back (session-changes.rules.ts). */
  compensation: 'credit-note' | 'refund' | 'recovery-token' | 'nothing';
  /** The credit note issued for the session (credit-note and refund), its number and amount. */
  creditNote: { number: string; amount: string } | null;
  /** The order was paid (a credit note is then a credit with the club, not an amount no longer due). */
  paid: boolean;
}

/** One recovery token as its e-mails name it; `activityName` and `start` are null for one issued by hand. */
export interface RecoveryMailFacts {
  organizationName: string;
  memberName: string;
  activityName: string | null;
  start: string | null;
  origin: 'family-cancellation' | 'absence' | 'session-cancelled' | 'manual';
  value: string | null;
  expires: string;
  link: string;
}

/** One registration as the registration e-mails name it. */
export interface RegistrationMailFacts {
  organizationName: string;
  memberName: string;
  activityName: string;
  start: string;
}

export type MailTemplateName = keyof MailTemplates;

export interface Rendered {
  subject: string;
  /** Paragraphs; a `{link}` paragraph becomes a button in HTML. */
  paragraphs: string[];
  link?: { label: string; href: string };
}

/** A group of templates: each name, in each language, from its parameters to what the e-mail says. */
export type TemplateSet<K extends MailTemplateName> = {
  [N in K]: Record<Locale, (p: MailTemplates[N]) => Rendered>;
};
