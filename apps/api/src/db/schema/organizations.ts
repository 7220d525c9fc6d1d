import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Global table: one row per organisation (tenant). Reachable on `{key}.{APP_BASE_HOST}`. */
export const organizations = pgTable(
  'organizations',
  {
    id: text('id').primaryKey(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    timeZone: text('time_zone').notNull().default('Europe/Brussels'),
    defaultLocale: text('default_locale').notNull().default('fr'),
    isSystem: boolean('is_system').notNull().default(false),
    logoAssetId: text('logo_asset_id'),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    billingEmail: text('billing_email'),
    billingPhone: text('billing_phone'),
    billingAddress: text('billing_address'),
    billingCity: text('billing_city'),
    billingPostalCode: text('billing_postal_code'),
    billingCountry: text('billing_country'),
    vatNumber: text('vat_number'),
    /** subject (VAT charged at each activity's rate) | exempt (no VAT, the legal mention printed instead). */
    vatRegime: text('vat_regime').notNull().default('subject'),
    /** Printed on invoices when exempt, e.g. 'Exemption de TVA – article 44, § 2, 3° du Code de la TVA'. */
    vatExemptionMention: text('vat_exemption_mention'),
    /** Days between an invoice's issue and its due date. */
    invoiceDueDays: integer('invoice_due_days').notNull().default(14),
    /** Logo printed on invoices, credit notes and certificates (falls back to the website logo). */
    documentLogoAssetId: text('document_logo_asset_id'),
    paymentProvider: text('payment_provider').notNull().default('offline'),
    /** Offline payments: the account families transfer to. */
    iban: text('iban'),
    bic: text('bic'),
    buckarooWebsiteKey: text('buckaroo_website_key'),
    /** Encrypted with the application key; never returned by the API. */
    buckarooSecretKeyEncrypted: text('buckaroo_secret_key_encrypted'),
    /** How long a cart reservation (and an unpaid online order) holds its seats. */
    holdMinutes: integer('hold_minutes').notNull().default(20),
    /**
     * The e-mail the day before each session (modules/session-reminders): on or off, and the hour of
     * the day (in the organisation's time zone) it leaves.
     */
    sessionReminders: boolean('session_reminders').notNull().default(true),
    sessionReminderHour: integer('session_reminder_hour').notNull().default(18),
    /** How long an invitation (next period, or a freed waiting-list seat) stays open. */
    invitationHours: integer('invitation_hours').notNull().default(72),
    // Recovery tokens (modules/recovery): hours of notice a family cancellation needs to give one, whether
    // absences give one, how long one is valid, which sessions it may take.
    recoveryNoticeHours: integer('recovery_notice_hours').notNull().default(24),
    recoveryForAbsences: boolean('recovery_for_absences').notNull().default(true),
    recoveryValidityDays: integer('recovery_validity_days').notNull().default(90),
    /** any | same-activity | same-establishment */
    recoveryScope: text('recovery_scope').notNull().default('any'),
    /** A session the organisation cancels gives its families: recovery-token | credit-note. */
    sessionCancellationCompensation: text('session_cancellation_compensation')
      .notNull()
      .default('credit-note'),
    /** A session the organisation cancels refunds a paid online order through its provider. */
    refundOnlineOnCancellation: boolean('refund_online_on_cancellation').notNull().default(false),
    mutualSeal: text('mutual_seal'),
    signatureStamp: text('signature_stamp'),
    // The certificates' profile (modules/certificates): `mutualSeal` and `signatureStamp` hold asset ids
    // (PNG or JPEG, transparency kept); the texts printed beside them.
    /** The federation or municipal sports council recognising the club, as printed. */
    mutualRecognitionText: text('mutual_recognition_text'),
    mutualSignatoryName: text('mutual_signatory_name'),
    mutualSignatoryRole: text('mutual_signatory_role'),
    /** 281.86 Cadre I: the body that approves or subsidises the childcare (ONE, Opgroeien, a municipality). */
    taxApprovalBody: text('tax_approval_body'),
    /** When the current rules of procedure (ROI) and legal mentions were published: users accept each version. */
    roiPublishedAt: timestamp('roi_published_at', { withTimezone: true }),
    legalMentionsPublishedAt: timestamp('legal_mentions_published_at', { withTimezone: true }),
    /** Communications: how many messages per second their sending job sends at most. */
    mailingRatePerSecond: integer('mailing_rate_per_second').notNull().default(20),
    maintenance: boolean('maintenance').notNull().default(false),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('organizations_key_unique').on(sql`lower(${t.key})`)],
);

/** Tenant table. Every organisation has `est_default`, so the key is (organization_id, id). */
export const establishments = pgTable(
  'establishments',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id),
    id: text('id').notNull(),
    name: text('name').notNull(),
    address: text('address'),
    city: text('city'),
    postalCode: text('postal_code'),
    country: text('country'),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('establishments_org_name').on(t.organizationId, t.name),
  ],
);
