import { DEFAULT_LOCALE } from './locale';
import type { Locale } from './locale';

export interface LabelledEnum<Value extends string> {
  readonly values: readonly [Value, ...Value[]];
  readonly labels: Readonly<Record<Locale, Readonly<Record<Value, string>>>>;
  is(value: unknown): value is Value;
  label(value: Value, locale?: Locale): string;
}

/**
 * Ties an `as const` list of values to its French and English labels. The label maps are typed on the
 * values, so a value without a label (or a label without a value) does not compile.
 */
export function defineEnum<const Values extends readonly [string, ...string[]]>(
  values: Values,
  labels: Record<Locale, Record<Values[number], string>>,
): LabelledEnum<Values[number]> {
  type Value = Values[number];
  const known = new Set<string>(values);
  // Copies, so that later changes to the caller's objects cannot alter the enumeration.
  const ownLabels: Record<Locale, Readonly<Record<Value, string>>> = Object.freeze({
    fr: Object.freeze({ ...labels.fr }),
    en: Object.freeze({ ...labels.en }),
  });
  return Object.freeze({
    values: Object.freeze([...values]) as unknown as readonly [Value, ...Value[]],
    labels: ownLabels,
    is: (value: unknown): value is Value => typeof value === 'string' && known.has(value),
    // Falls back to the raw value so unexpected data coming from storage still renders.
    label: (value: Value, locale: Locale = DEFAULT_LOCALE): string => ownLabels[locale][value] ?? value,
  });
}

/** The value union of an enum built by `defineEnum`. */
export type EnumValue<E> = E extends LabelledEnum<infer V> ? V : never;

export const LICENCE_PLANS = defineEnum(['none', 'unlimited', 'free-trial', 'default-monthly', 'test'], {
  fr: {
    none: 'Aucun',
    unlimited: 'Illimité',
    'free-trial': 'Gratuit',
    'default-monthly': 'Défaut (mensuel)',
    test: 'Test',
  },
  en: {
    none: 'None',
    unlimited: 'Unlimited',
    'free-trial': 'Free',
    'default-monthly': 'Default (monthly)',
    test: 'Test',
  },
});
export type LicencePlan = EnumValue<typeof LICENCE_PLANS>;

export const SESSION_STATUSES = defineEnum(['confirmed', 'postponed', 'cancelled'], {
  fr: { confirmed: 'Confirmée', postponed: 'Reportée', cancelled: 'Annulée' },
  en: { confirmed: 'Confirmed', postponed: 'Postponed', cancelled: 'Cancelled' },
});
export type SessionStatus = EnumValue<typeof SESSION_STATUSES>;

export const REGISTRATION_STATUSES = defineEnum(['pending', 'completed', 'cancelled', 'require-action'], {
  fr: {
    pending: 'En attente',
    completed: 'Confirmée',
    cancelled: 'Annulée',
    'require-action': 'Action requise',
  },
  en: {
    pending: 'Pending',
    completed: 'Confirmed',
    cancelled: 'Cancelled',
    'require-action': 'Action required',
  },
});
export type RegistrationStatus = EnumValue<typeof REGISTRATION_STATUSES>;

export const INVOICE_STATUSES = defineEnum(['pending', 'paid', 'cancelled', 'overdue', 'processing'], {
  fr: {
    pending: 'En attente de paiement',
    paid: 'Payée',
    cancelled: 'Annulée',
    overdue: 'En retard de paiement',
    processing: 'En traitement',
  },
  en: {
    pending: 'Awaiting payment',
    paid: 'Paid',
    cancelled: 'Cancelled',
    overdue: 'Payment overdue',
    processing: 'Processing',
  },
});
export type InvoiceStatus = EnumValue<typeof INVOICE_STATUSES>;

/**
 * Union of the two participant views of the original product. `reserved` means awaiting payment (or in a
 * shopping cart when the participation is cart-linked).
 */
export const PARTICIPANT_STATUSES = defineEnum(
  [
    'invited',
    'invitation-expired',
    'invitation-declined',
    'reserved',
    'confirmed',
    'cancelled',
    'absent',
    'needs-review',
  ],
  {
    fr: {
      invited: 'Invité',
      'invitation-expired': 'Invitation expirée',
      'invitation-declined': 'Invitation refusée',
      reserved: 'Réservé',
      confirmed: 'Confirmé',
      cancelled: 'Annulée',
      absent: 'Absent',
      'needs-review': 'A traiter',
    },
    en: {
      invited: 'Invited',
      'invitation-expired': 'Invitation expired',
      'invitation-declined': 'Invitation declined',
      reserved: 'Reserved',
      confirmed: 'Confirmed',
      cancelled: 'Cancelled',
      absent: 'Absent',
      'needs-review': 'To review',
    },
  },
);
export type ParticipantStatus = EnumValue<typeof PARTICIPANT_STATUSES>;

export type BadgeVariant = 'destructive' | 'pink' | 'success' | 'secondary' | 'default' | 'outline';

const PARTICIPANT_BADGE_VARIANTS: Record<ParticipantStatus, BadgeVariant> = {
  cancelled: 'destructive',
  'needs-review': 'pink',
  confirmed: 'success',
  reserved: 'secondary',
  invited: 'default',
  'invitation-expired': 'outline',
  'invitation-declined': 'outline',
  absent: 'outline',
};

/** Badge style of a participant status (spec section 4); statuses the spec does not style get 'outline'. */
export function participantBadgeVariant(status: ParticipantStatus): BadgeVariant {
  return PARTICIPANT_BADGE_VARIANTS[status];
}

export const VISIBILITIES = defineEnum(['hidden', 'private', 'protected', 'public'], {
  fr: { hidden: 'Masquée', private: 'Privée', protected: 'Protégée', public: 'Publique' },
  en: { hidden: 'Hidden', private: 'Private', protected: 'Protected', public: 'Public' },
});
export type Visibility = EnumValue<typeof VISIBILITIES>;

export interface VisibilityRule {
  /** Members may register themselves (and their family) to the activity. */
  selfRegistration: boolean;
  /** A recovery token may be consumed on the activity. */
  recovery: boolean;
  /** Shown to people other than its creator; `hidden` is a draft only its creator sees. */
  listed: boolean;
}

export const VISIBILITY_RULES: Readonly<Record<Visibility, Readonly<VisibilityRule>>> = Object.freeze({
  hidden: Object.freeze({ selfRegistration: false, recovery: false, listed: false }),
  private: Object.freeze({ selfRegistration: false, recovery: false, listed: true }),
  protected: Object.freeze({ selfRegistration: false, recovery: true, listed: true }),
  public: Object.freeze({ selfRegistration: true, recovery: true, listed: true }),
});

export function allowsSelfRegistration(visibility: Visibility): boolean {
  return VISIBILITY_RULES[visibility].selfRegistration;
}

export function allowsRecovery(visibility: Visibility): boolean {
  return VISIBILITY_RULES[visibility].recovery;
}

export const AUDIT_EVENTS = defineEnum(
  [
    'user-created',
    'user-login',
    'member-created',
    'registration-created',
    'registration-confirmed',
    'registration-cancelled',
    'registration-attendee-absence',
    'prestation-cancelled',
    'prestation-holder-absence',
    'recovery-token-created',
    'credit-note-emitted',
  ],
  {
    fr: {
      'user-created': 'Utilisateur créé',
      'user-login': 'Connexion',
      'member-created': 'Membre créé',
      'registration-created': 'Inscription créée',
      'registration-confirmed': 'Inscription confirmée',
      'registration-cancelled': 'Inscription annulée',
      'registration-attendee-absence': 'Absence du participant',
      'prestation-cancelled': 'Prestation annulée',
      'prestation-holder-absence': 'Absence du titulaire',
      'recovery-token-created': 'Récupération créée',
      'credit-note-emitted': 'Note de crédit émise',
    },
    en: {
      'user-created': 'User created',
      'user-login': 'Sign-in',
      'member-created': 'Member created',
      'registration-created': 'Registration created',
      'registration-confirmed': 'Registration confirmed',
      'registration-cancelled': 'Registration cancelled',
      'registration-attendee-absence': 'Attendee absence',
      'prestation-cancelled': 'Prestation cancelled',
      'prestation-holder-absence': 'Holder absence',
      'recovery-token-created': 'Recovery token created',
      'credit-note-emitted': 'Credit note issued',
    },
  },
);
export type AuditEvent = EnumValue<typeof AUDIT_EVENTS>;

/** Connection status of an organisation's Mollie account. */
export const MOLLIE_STATUSES = defineEnum(['unset', 'onboarding', 'ready', 'disconnected'], {
  fr: {
    unset: 'Non configuré',
    onboarding: 'Action requise',
    ready: 'Connecté',
    disconnected: 'Déconnecté',
  },
  en: {
    unset: 'Not configured',
    onboarding: 'Action required',
    ready: 'Connected',
    disconnected: 'Disconnected',
  },
});
export type MollieStatus = EnumValue<typeof MOLLIE_STATUSES>;

export const GENDERS = defineEnum(['M', 'F', 'O'], {
  fr: { M: 'Homme', F: 'Femme', O: 'Autre' },
  en: { M: 'Male', F: 'Female', O: 'Other' },
});
export type Gender = EnumValue<typeof GENDERS>;

/** Organisation roles. The system administrator is a separate flag, not a role. */
export const ROLES = defineEnum(['user', 'est-manager', 'org-manager', 'support', 'admin'], {
  fr: {
    user: 'Utilisateur basique',
    'est-manager': "Gérant d'établissement",
    'org-manager': "Gérant d'organisation",
    support: 'Support',
    admin: 'Administrateur',
  },
  en: {
    user: 'Basic user',
    'est-manager': 'Establishment manager',
    'org-manager': 'Organisation manager',
    support: 'Support',
    admin: 'Administrator',
  },
});
export type Role = EnumValue<typeof ROLES>;

export const PAYMENT_PROVIDERS = defineEnum(['offline', 'mollie', 'buckaroo'], {
  fr: { offline: 'Virement bancaire', mollie: 'Mollie', buckaroo: 'Buckaroo' },
  en: { offline: 'Bank transfer', mollie: 'Mollie', buckaroo: 'Buckaroo' },
});
export type PaymentProvider = EnumValue<typeof PAYMENT_PROVIDERS>;

export const DOCUMENT_KINDS = defineEnum(
  [
    'legal.roi',
    'legal.mentions',
    'legal.other',
    'billing.invoice',
    'billing.order',
    'certificate.health-mutual',
    'certificate.tax',
    'report.orders',
    'report.planning-activities',
    'report.members-list',
  ],
  {
    fr: {
      'legal.roi': "Règlement d'ordre intérieur",
      'legal.mentions': 'Mentions légales',
      'legal.other': 'Autre document légal',
      'billing.invoice': 'Facture',
      'billing.order': 'Bon de commande',
      'certificate.health-mutual': 'Attestation de mutuelle',
      'certificate.tax': 'Attestation fiscale',
      'report.orders': 'Rapport des commandes',
      'report.planning-activities': 'Planning des activités',
      'report.members-list': 'Liste des membres',
    },
    en: {
      'legal.roi': 'Internal regulations',
      'legal.mentions': 'Legal notice',
      'legal.other': 'Other legal document',
      'billing.invoice': 'Invoice',
      'billing.order': 'Order form',
      'certificate.health-mutual': 'Health insurance certificate',
      'certificate.tax': 'Tax certificate',
      'report.orders': 'Orders report',
      'report.planning-activities': 'Activity planning',
      'report.members-list': 'Members list',
    },
  },
);
export type DocumentKind = EnumValue<typeof DOCUMENT_KINDS>;

export const LOCATION_TYPES = defineEnum(['physical', 'online'], {
  fr: { physical: 'Sur place', online: 'En ligne' },
  en: { physical: 'On site', online: 'Online' },
});
export type LocationType = EnumValue<typeof LOCATION_TYPES>;

/**
 * How often a price supplement is charged (DESIGN section 10): `once` per participant, activity and period
 * (a T-shirt, a licence, equipment: the default), or `per-session` (a meal, a bus).
 */
export const SUPPLEMENT_FREQUENCIES = defineEnum(['once', 'per-session'], {
  fr: { once: 'Une fois par période', 'per-session': 'À chaque séance' },
  en: { once: 'Once per period', 'per-session': 'Every session' },
});
export type SupplementFrequency = EnumValue<typeof SUPPLEMENT_FREQUENCIES>;

/** Icon names the UI maps to its icon set (spec section 3). */
export const STATUS_ICONS = [
  'save',
  'edit',
  'delete',
  'add',
  'help',
  'chevronDown',
  'close',
  'check',
  'loading',
  'pending',
  'completed',
  'cancelled',
  'require-action',
  'unknown',
] as const;
export type StatusIcon = (typeof STATUS_ICONS)[number];
