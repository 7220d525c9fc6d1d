/*
 * The largest value every input may take, in one place: what its column holds and what its printed
 * place (invoice, PDF, e-mail, calendar) can lay out. The API refuses anything larger with a 400 naming
 * the field, and the web forms read the same limits (maxLength attributes, shared schemas).
 */

/** Lengths in characters, by what the text is. */
export const TEXT_LIMITS = {
  /** First or last name of a person. */
  personName: 100,
  /** Activity, period, supplement names: one line on an invoice. */
  name: 120,
  /** Organisation and company names. */
  organizationName: 200,
  /** Street and number. */
  address: 200,
  city: 100,
  postalCode: 20,
  vatNumber: 30,
  /** A phone number as typed, separators included. */
  phone: 30,
  /** RFC 5321 limit of an e-mail address. */
  email: 254,
  /** Long enough for any pass phrase, short enough to hash cheaply. */
  password: 256,
  /** Activity and website descriptions. */
  description: 5_000,
  /** A message to families (communications) as formatted HTML: about ten pages. */
  message: 50_000,
  /** Notes and reasons a manager or a family types. */
  note: 1_000,
  /** A place (room, field, street) or a web address. */
  location: 500,
  /** One line of an invoice or credit note, as typed by a manager. */
  invoiceLine: 300,
  /** Why a credit note is issued. */
  reason: 500,
  /** Titles, button labels and other single-line texts. */
  line: 200,
  /** Search boxes. */
  search: 100,
  /** Identifiers in paths, queries and bodies (`org_…`, uuids, asset ids). */
  id: 100,
  /** A 'YYYY-MM-DD' date. */
  date: 10,
  /** A list position (`after`, the `nextCursor` of the previous page): a few sort keys, encoded. */
  cursor: 1_000,
} as const;

/** Money, in cents. */
export const MONEY_LIMITS = {
  /** A unit price or one line's total (quantity × unit price): 1,000,000.00 €. */
  lineCents: 100_000_000,
  /**
   * One order, invoice, credit note or payment: 1,000,000,000.00 €. Their columns are bigint, since
   * such totals (200 lines of the line maximum) pass the 2^31 cents an integer column holds.
   */
  documentCents: 100_000_000_000,
} as const;

/**
 * A list walked by cursor (`after`) counts its rows up to this many, no further (`totalCapped` says
 * there are more): a count stays as cheap in an organisation of a million rows as in a small one.
 */
export const LIST_COUNT_LIMIT = 1_000;

/** Other numbers, by what they count. */
export const NUMBER_LIMITS = {
  /** Units on one invoice line. */
  quantity: 10_000,
  /** Ages are months: 100 years. */
  ageMonths: 1_200,
  /** Seats of one activity or session. */
  seats: 100_000,
  /** An activity or session lasts at most 30 days, in minutes. */
  durationMinutes: 30 * 24 * 60,
  /** Tax rates are hundredths of a percent: 100 %. */
  taxHundredths: 10_000,
} as const;
