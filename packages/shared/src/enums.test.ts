import { describe, expect, it } from 'vitest';
import {
  AUDIT_EVENTS,
  DOCUMENT_KINDS,
  GENDERS,
  INVOICE_STATUSES,
  LICENCE_PLANS,
  LOCATION_TYPES,
  MOLLIE_STATUSES,
  PARTICIPANT_STATUSES,
  PAYMENT_PROVIDERS,
  REGISTRATION_STATUSES,
  ROLES,
  SESSION_STATUSES,
  STATUS_ICONS,
  SUPPLEMENT_FREQUENCIES,
  VISIBILITIES,
  VISIBILITY_RULES,
  allowsRecovery,
  allowsSelfRegistration,
  defineEnum,
  participantBadgeVariant,
} from './enums';
import type { LabelledEnum, ParticipantStatus, Visibility } from './enums';
import { LOCALES } from './locale';

type Expected = Record<string, { fr: string; en: string }>;

/** Every enum with its values in order and their labels, as the specification (and our choices) give them. */
const EXPECTED: Record<string, [LabelledEnum<string>, Expected]> = {
  LICENCE_PLANS: [
    LICENCE_PLANS,
    {
      none: { fr: 'Aucun', en: 'None' },
      unlimited: { fr: 'Illimité', en: 'Unlimited' },
      'free-trial': { fr: 'Gratuit', en: 'Free' },
      'default-monthly': { fr: 'Défaut (mensuel)', en: 'Default (monthly)' },
      test: { fr: 'Test', en: 'Test' },
    },
  ],
  SESSION_STATUSES: [
    SESSION_STATUSES,
    {
      confirmed: { fr: 'Confirmée', en: 'Confirmed' },
      postponed: { fr: 'Reportée', en: 'Postponed' },
      cancelled: { fr: 'Annulée', en: 'Cancelled' },
    },
  ],
  REGISTRATION_STATUSES: [
    REGISTRATION_STATUSES,
    {
      pending: { fr: 'En attente', en: 'Pending' },
      completed: { fr: 'Confirmée', en: 'Confirmed' },
      cancelled: { fr: 'Annulée', en: 'Cancelled' },
      'require-action': { fr: 'Action requise', en: 'Action required' },
    },
  ],
  INVOICE_STATUSES: [
    INVOICE_STATUSES,
    {
      pending: { fr: 'En attente de paiement', en: 'Awaiting payment' },
      paid: { fr: 'Payée', en: 'Paid' },
      cancelled: { fr: 'Annulée', en: 'Cancelled' },
      overdue: { fr: 'En retard de paiement', en: 'Payment overdue' },
      processing: { fr: 'En traitement', en: 'Processing' },
    },
  ],
  PARTICIPANT_STATUSES: [
    PARTICIPANT_STATUSES,
    {
      invited: { fr: 'Invité', en: 'Invited' },
      'invitation-expired': { fr: 'Invitation expirée', en: 'Invitation expired' },
      'invitation-declined': { fr: 'Invitation refusée', en: 'Invitation declined' },
      reserved: { fr: 'Réservé', en: 'Reserved' },
      confirmed: { fr: 'Confirmé', en: 'Confirmed' },
      cancelled: { fr: 'Annulée', en: 'Cancelled' },
      absent: { fr: 'Absent', en: 'Absent' },
      'needs-review': { fr: 'A traiter', en: 'To review' },
    },
  ],
  VISIBILITIES: [
    VISIBILITIES,
    {
      hidden: { fr: 'Masquée', en: 'Hidden' },
      private: { fr: 'Privée', en: 'Private' },
      protected: { fr: 'Protégée', en: 'Protected' },
      public: { fr: 'Publique', en: 'Public' },
    },
  ],
  AUDIT_EVENTS: [
    AUDIT_EVENTS,
    {
      'user-created': { fr: 'Utilisateur créé', en: 'User created' },
      'user-login': { fr: 'Connexion', en: 'Sign-in' },
      'member-created': { fr: 'Membre créé', en: 'Member created' },
      'registration-created': { fr: 'Inscription créée', en: 'Registration created' },
      'registration-confirmed': { fr: 'Inscription confirmée', en: 'Registration confirmed' },
      'registration-cancelled': { fr: 'Inscription annulée', en: 'Registration cancelled' },
      'registration-attendee-absence': { fr: 'Absence du participant', en: 'Attendee absence' },
      'prestation-cancelled': { fr: 'Prestation annulée', en: 'Prestation cancelled' },
      'prestation-holder-absence': { fr: 'Absence du titulaire', en: 'Holder absence' },
      'recovery-token-created': { fr: 'Récupération créée', en: 'Recovery token created' },
      'credit-note-emitted': { fr: 'Note de crédit émise', en: 'Credit note issued' },
    },
  ],
  MOLLIE_STATUSES: [
    MOLLIE_STATUSES,
    {
      unset: { fr: 'Non configuré', en: 'Not configured' },
      onboarding: { fr: 'Action requise', en: 'Action required' },
      ready: { fr: 'Connecté', en: 'Connected' },
      disconnected: { fr: 'Déconnecté', en: 'Disconnected' },
    },
  ],
  GENDERS: [
    GENDERS,
    {
      M: { fr: 'Homme', en: 'Male' },
      F: { fr: 'Femme', en: 'Female' },
      O: { fr: 'Autre', en: 'Other' },
    },
  ],
  ROLES: [
    ROLES,
    {
      user: { fr: 'Utilisateur basique', en: 'Basic user' },
      'est-manager': { fr: "Gérant d'établissement", en: 'Establishment manager' },
      'org-manager': { fr: "Gérant d'organisation", en: 'Organisation manager' },
      support: { fr: 'Support', en: 'Support' },
      admin: { fr: 'Administrateur', en: 'Administrator' },
    },
  ],
  PAYMENT_PROVIDERS: [
    PAYMENT_PROVIDERS,
    {
      offline: { fr: 'Virement bancaire', en: 'Bank transfer' },
      mollie: { fr: 'Mollie', en: 'Mollie' },
      buckaroo: { fr: 'Buckaroo', en: 'Buckaroo' },
    },
  ],
  DOCUMENT_KINDS: [
    DOCUMENT_KINDS,
    {
      'legal.roi': { fr: "Règlement d'ordre intérieur", en: 'Internal regulations' },
      'legal.mentions': { fr: 'Mentions légales', en: 'Legal notice' },
      'legal.other': { fr: 'Autre document légal', en: 'Other legal document' },
      'billing.invoice': { fr: 'Facture', en: 'Invoice' },
      'billing.order': { fr: 'Bon de commande', en: 'Order form' },
      'certificate.health-mutual': { fr: 'Attestation de mutuelle', en: 'Health insurance certificate' },
      'certificate.tax': { fr: 'Attestation fiscale', en: 'Tax certificate' },
      'report.orders': { fr: 'Rapport des commandes', en: 'Orders report' },
      'report.planning-activities': { fr: 'Planning des activités', en: 'Activity planning' },
      'report.members-list': { fr: 'Liste des membres', en: 'Members list' },
    },
  ],
  LOCATION_TYPES: [
    LOCATION_TYPES,
    {
      physical: { fr: 'Sur place', en: 'On site' },
      online: { fr: 'En ligne', en: 'Online' },
    },
  ],
  SUPPLEMENT_FREQUENCIES: [
    SUPPLEMENT_FREQUENCIES,
    {
      once: { fr: 'Une fois par période', en: 'Once per period' },
      'per-session': { fr: 'À chaque séance', en: 'Every session' },
    },
  ],
};

describe.each(Object.entries(EXPECTED))('%s', (_name, [enumeration, expected]) => {
  const values = Object.keys(expected);

  it('has exactly the specified values, in order', () => {
    expect([...enumeration.values]).toEqual(values);
    expect(new Set(enumeration.values).size).toBe(enumeration.values.length);
  });

  it.each(LOCALES)('labels every value and nothing else in %s', (locale) => {
    expect(Object.keys(enumeration.labels[locale]).sort()).toEqual([...values].sort());
    for (const value of values) {
      const label = enumeration.label(value, locale);
      expect(label).toBe(expected[value]?.[locale]);
      expect(label.trim()).not.toBe('');
      expect(enumeration.labels[locale][value]).toBe(label);
    }
  });

  it('labels in French by default', () => {
    for (const value of values) expect(enumeration.label(value)).toBe(expected[value]?.fr);
  });

  it('recognises its values and only them', () => {
    for (const value of values) {
      expect(enumeration.is(value)).toBe(true);
      // Matching is case-sensitive: 'M' is a gender, 'm' is not; 'paid' is a status, 'PAID' is not.
      const otherCase = value === value.toUpperCase() ? value.toLowerCase() : value.toUpperCase();
      expect(enumeration.is(otherCase)).toBe(false);
      expect(enumeration.is(` ${value}`)).toBe(false);
    }
    for (const other of ['', 'unknown', null, undefined, 0, {}, values])
      expect(enumeration.is(other)).toBe(false);
  });

  it('cannot be changed at run time', () => {
    expect(Object.isFrozen(enumeration)).toBe(true);
    expect(Object.isFrozen(enumeration.values)).toBe(true);
    expect(Object.isFrozen(enumeration.labels.fr)).toBe(true);
    expect(Object.isFrozen(enumeration.labels.en)).toBe(true);
  });
});

describe('defineEnum', () => {
  const COLOURS = defineEnum(['red', 'blue'], {
    fr: { red: 'Rouge', blue: 'Bleu' },
    en: { red: 'Red', blue: 'Blue' },
  });

  it('narrows unknown input with is()', () => {
    const input: unknown = 'red';
    if (COLOURS.is(input)) {
      const colour: 'red' | 'blue' = input;
      expect(COLOURS.label(colour, 'en')).toBe('Red');
    } else {
      expect.unreachable();
    }
  });

  it('does not keep a reference to the caller arrays', () => {
    const values = ['a', 'b'] as const;
    const labels = { fr: { a: 'A', b: 'B' }, en: { a: 'A', b: 'B' } };
    const e = defineEnum(values, labels);
    labels.fr.a = 'changed';
    expect(e.label('a', 'fr')).toBe('A');
    expect(e.values).not.toBe(values);
  });

  it('falls back to the raw value when data holds an unexpected value', () => {
    expect(COLOURS.label('green' as 'red', 'fr')).toBe('green');
  });

  it('rejects missing or extra labels at compile time', () => {
    // @ts-expect-error: 'blue' has no English label
    defineEnum(['red', 'blue'], { fr: { red: 'Rouge', blue: 'Bleu' }, en: { red: 'Red' } });
    // @ts-expect-error: 'green' is not a value
    defineEnum(['red'], { fr: { red: 'Rouge', green: 'Vert' }, en: { red: 'Red' } });
    // @ts-expect-error: a locale is missing
    defineEnum(['red'], { fr: { red: 'Rouge' } });
    expect(true).toBe(true);
  });
});

describe('participantBadgeVariant', () => {
  const expected: Record<ParticipantStatus, string> = {
    cancelled: 'destructive',
    'needs-review': 'pink',
    confirmed: 'success',
    reserved: 'secondary',
    invited: 'default',
    'invitation-expired': 'outline',
    'invitation-declined': 'outline',
    absent: 'outline',
  };

  it.each(PARTICIPANT_STATUSES.values)('styles %s', (status) => {
    expect(participantBadgeVariant(status)).toBe(expected[status]);
  });
});

describe('visibility rules', () => {
  const expected: Record<Visibility, { selfRegistration: boolean; recovery: boolean; listed: boolean }> = {
    hidden: { selfRegistration: false, recovery: false, listed: false },
    private: { selfRegistration: false, recovery: false, listed: true },
    protected: { selfRegistration: false, recovery: true, listed: true },
    public: { selfRegistration: true, recovery: true, listed: true },
  };

  it('covers every visibility and nothing else', () => {
    expect(Object.keys(VISIBILITY_RULES).sort()).toEqual([...VISIBILITIES.values].sort());
  });

  it.each(VISIBILITIES.values)('%s follows the specification', (visibility) => {
    expect(VISIBILITY_RULES[visibility]).toEqual(expected[visibility]);
    expect(allowsSelfRegistration(visibility)).toBe(expected[visibility].selfRegistration);
    expect(allowsRecovery(visibility)).toBe(expected[visibility].recovery);
  });

  it('cannot be changed at run time', () => {
    expect(Object.isFrozen(VISIBILITY_RULES)).toBe(true);
    expect(Object.isFrozen(VISIBILITY_RULES.public)).toBe(true);
  });
});

describe('STATUS_ICONS', () => {
  it('lists the icon names of the specification', () => {
    expect(STATUS_ICONS).toEqual([
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
    ]);
  });
});
