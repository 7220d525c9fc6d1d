import type { Locale } from './locale';
import type { RegistrationRefusal } from './api/registration.schema';

/**
 * The catalogue of the API's error codes: each code's HTTP status and its user-facing text in French
 * and English. The API answers `{ statusCode, error: <code>, message, details }` with the text of the
 * caller's language; the web app branches on the code (`error.code === 'session_full'`), never on the
 * status number or the text. A text that quotes the case (a name, a date, a count) is a function of
 * those facts, with an `example` of them for the catalogue's test and for readers.
 *
 * Generic codes come first; then one code per business refusal, grouped by domain. The French texts
 * are the specification's where it gives them. Internal detail never goes into a text.
 */

/** Where a member already stands on a session: only in the family's cart, a request, invited, or registered. */
export type Standing = 'cart' | 'request' | 'invited' | 'registered';

/** The facts a registration refusal may quote (dates already formatted in the organisation's zone). */
export interface RegistrationFacts {
  memberName?: string;
  activityName?: string;
  /** The session's start, 'dd/MM/yyyy HH:mm'. */
  sessionStart?: string;
  /** 'à partir de 3 ans', 'jusqu'à 6 ans', 'entre 3 ans et 6 ans'. */
  ageRule?: string;
  /** The registration opening, 'dd/MM/yyyy' and 'HH:mm'. */
  opensOn?: string;
  opensAt?: string;
  /** The overlapping registration, e.g. 'Natation — 14/03/2027 10:00'. */
  overlapWith?: string;
  birthdateUnknown?: boolean;
  /** 'M', 'F', 'O' or null: « inscrit », « inscrite », or « inscrit(e) » when unknown. */
  gender?: string | null;
  /** Where the member already stands on the session (already registered) or the overlapping one. */
  standing?: Standing;
}

/** Which of the organisation's conditions the account must still accept. */
export type PendingConditions = 'roi' | 'legalMentions' | 'both';

/** A French participle agreeing with the member's gender: `inscrit` → inscrit, inscrite, inscrit(e). */
const agreed = (participle: string, gender: string | null | undefined) =>
  gender === 'M' ? participle : gender === 'F' ? `${participle}e` : `${participle}(e)`;

/** « inscrit(e) » or « invité(e) », agreed: what the member already is on the session. */
const frStatus = (f: RegistrationFacts) => agreed(f.standing === 'invited' ? 'invité' : 'inscrit', f.gender);
const enStatus = (f: RegistrationFacts) => (f.standing === 'invited' ? 'invited' : 'registered');

const plural = (count: number, one: string, many: string) => (count > 1 ? many : one);

const sessionFacts: RegistrationFacts = {
  memberName: 'Léa Martin',
  activityName: 'Natation',
  sessionStart: '14/03/2027 10:00',
  gender: 'F',
};

type Text<P> = string | ((params: P) => string);

interface ErrorEntry<P = never> {
  status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 503;
  fr: Text<P>;
  en: Text<P>;
  /** Facts to fill the texts with, for the catalogue's test and for readers. */
  example?: P;
}

/** Every error code: its status and its texts (see the doc comment of each for when it happens). */
export const ERRORS = {
  // ───────────── Generic ─────────────

  /** The request's data breaks a rule of its schema; `details` names each field at fault. */
  validation_failed: {
    status: 400,
    fr: 'Les données fournies sont invalides.',
    en: 'The data provided is invalid.',
  },
  /** No session token on a route that needs one. */
  unauthenticated: { status: 401, fr: 'Veuillez vous connecter.', en: 'Please sign in.' },
  /** Wrong e-mail, password or one-time code at sign-in. */
  invalid_credentials: {
    status: 401,
    fr: 'Identifiants non valides. Veuillez réessayer.',
    en: 'Invalid credentials. Please try again.',
  },
  /** The session token expired or was revoked, or its account is gone. */
  session_expired: { status: 401, fr: 'Votre session a expiré', en: 'Your session has expired' },
  /** The caller's role does not allow the action. */
  forbidden: {
    status: 403,
    fr: 'Vous n’avez pas la permission d’effectuer cette action.',
    en: 'You do not have permission to perform this action.',
  },
  /** The token belongs to another organisation than the one asked for. */
  organization_mismatch: {
    status: 403,
    fr: 'Vous n’avez pas la permission d’effectuer cette action.',
    en: 'You do not have permission to perform this action.',
  },
  /** The resource does not exist or is not the caller's to see. */
  not_found: {
    status: 404,
    fr: 'Les données fournies sont introuvables.',
    en: 'The requested data could not be found.',
  },
  /** The organisation of the address or header is unknown or archived. */
  organization_not_found: {
    status: 404,
    fr: "Cette organisation n'existe pas ou n'est plus accessible.",
    en: 'This organisation does not exist or is no longer accessible.',
  },
  /** A state conflict no user can act on (an internal race, an unknown provider): no specific code. */
  conflict: {
    status: 409,
    fr: 'Cette opération est en conflit avec l’état actuel.',
    en: 'This conflicts with the current state.',
  },
  /** Sign-up, account or member creation with an address already used in the organisation. */
  email_taken: {
    status: 409,
    fr: 'Un compte existe déjà avec cette adresse e-mail.',
    en: 'An account already exists with this e-mail address.',
  },
  /** Signing up an organisation whose key (subdomain) another organisation has; `details` suggests free ones. */
  organization_key_taken: {
    status: 409,
    fr: 'Cette adresse est déjà prise par une autre organisation. Choisissez-en une autre.',
    en: 'This address is already taken by another organisation. Choose another one.',
  },
  /** Signing up an organisation on a key the platform keeps for itself (admin, www, api…). */
  organization_key_reserved: {
    status: 409,
    fr: 'Cette adresse est réservée par la plateforme. Choisissez-en une autre.',
    en: 'This address is reserved by the platform. Choose another one.',
  },
  /** Signing up an organisation with an administrator e-mail that already has an account on the platform. */
  onboarding_email_taken: {
    status: 409,
    fr: 'Un compte existe déjà avec cette adresse e-mail sur la plateforme. Utilisez une autre adresse, ou connectez-vous à votre organisation.',
    en: 'An account already exists with this e-mail address on the platform. Use another address, or sign in to your organisation.',
  },
  /** A sign-in hand-off code that is unknown, used, expired, or for another organisation. */
  handoff_code_invalid: {
    status: 401,
    fr: 'Ce lien de connexion a expiré ou a déjà servi. Connectez-vous avec votre e-mail et votre mot de passe.',
    en: 'This sign-in link has expired or was already used. Sign in with your e-mail and password.',
  },
  /** An e-mail's unsubscribe link whose token the platform did not sign (altered, forged, cut). */
  unsubscribe_link_invalid: {
    status: 400,
    fr: "Ce lien de désabonnement n'est pas valide.",
    en: 'This unsubscribe link is not valid.',
  },
  /** The request body is over the size limit. */
  payload_too_large: { status: 413, fr: 'La requête est trop volumineuse.', en: 'The request is too large.' },
  /** The request body's format is not one the route accepts. */
  unsupported_media_type: {
    status: 415,
    fr: 'Format de requête non pris en charge.',
    en: 'Unsupported request format.',
  },
  /** Too many attempts in the window; `Retry-After` says when to try again. */
  rate_limited: {
    status: 429,
    fr: 'Trop de tentatives. Veuillez réessayer dans quelques minutes.',
    en: 'Too many attempts. Please try again in a few minutes.',
  },
  /** An unexpected failure; the body never carries its detail. */
  internal: { status: 500, fr: 'Erreur interne du serveur.', en: 'Internal server error.' },
  /** The database or a payment provider cannot answer now; `Retry-After` when known. */
  unavailable: {
    status: 503,
    fr: 'Service momentanément indisponible.',
    en: 'Service temporarily unavailable.',
  },

  // ───────────── Registrations ─────────────

  /** The session or the member of a registration is unknown, or not offered to the family. */
  session_or_member_not_found: {
    status: 404,
    fr: 'Cette séance ou ce membre est introuvable.',
    en: 'This session or member could not be found.',
  },

  /** The session has no free seat left (adding it, moving a participant to it, accepting a request). */
  session_full: {
    status: 409,
    fr: (f: RegistrationFacts = {}) =>
      f.activityName
        ? `La séance ${f.activityName} du ${f.sessionStart} est complète.`
        : 'Cette séance est complète.',
    en: (f: RegistrationFacts = {}) =>
      f.activityName
        ? `The ${f.activityName} session of ${f.sessionStart} is full.`
        : 'This session is full.',
    example: sessionFacts,
  } satisfies ErrorEntry<RegistrationFacts | undefined>,
  /** The member already stands on the session: in the cart, as a request, invited or registered. */
  already_registered: {
    status: 409,
    fr: (f: RegistrationFacts = {}) =>
      !f.memberName
        ? 'Ce membre est déjà inscrit à cette séance.'
        : f.standing === 'cart'
          ? `${f.memberName} a déjà cette séance dans son panier (${f.activityName} du ${f.sessionStart}).`
          : f.standing === 'request'
            ? `Une demande pour ${f.memberName} est déjà en attente pour la séance ${f.activityName} du ${f.sessionStart}.`
            : `${f.memberName} est déjà ${frStatus(f)} à la séance ${f.activityName} du ${f.sessionStart}.`,
    en: (f: RegistrationFacts = {}) =>
      !f.memberName
        ? 'This member is already registered to this session.'
        : f.standing === 'cart'
          ? `${f.memberName} already has this session in the cart (${f.activityName} of ${f.sessionStart}).`
          : f.standing === 'request'
            ? `A request for ${f.memberName} is already waiting for the ${f.activityName} session of ${f.sessionStart}.`
            : `${f.memberName} is already ${enStatus(f)} to the ${f.activityName} session of ${f.sessionStart}.`,
    example: sessionFacts,
  } satisfies ErrorEntry<RegistrationFacts | undefined>,
  /** The member is already on (or has in the cart) another session at the same time. */
  registration_overlap: {
    status: 409,
    fr: (f: RegistrationFacts) =>
      f.standing === 'cart'
        ? `${f.memberName} a déjà dans son panier une autre séance au même moment (${f.overlapWith}).`
        : `${f.memberName} est déjà ${frStatus(f)} à une autre séance au même moment (${f.overlapWith}).`,
    en: (f: RegistrationFacts) =>
      f.standing === 'cart'
        ? `${f.memberName} already has another session at the same time in the cart (${f.overlapWith}).`
        : `${f.memberName} is already ${enStatus(f)} to another session at the same time (${f.overlapWith}).`,
    example: { ...sessionFacts, overlapWith: 'Judo — 14/03/2027 10:30' },
  } satisfies ErrorEntry<RegistrationFacts>,
  /** The member is under the activity's minimum age, or their birthdate is unknown. */
  member_too_young: {
    status: 409,
    fr: (f: RegistrationFacts) =>
      f.birthdateUnknown
        ? `La date de naissance de ${f.memberName} est inconnue : impossible de vérifier l'âge requis pour cette activité (${f.ageRule}).`
        : `${f.memberName} n'a pas l'âge requis pour cette activité (${f.ageRule}).`,
    en: (f: RegistrationFacts) =>
      f.birthdateUnknown
        ? `${f.memberName}'s birthdate is unknown: the age required for this activity (${f.ageRule}) cannot be checked.`
        : `${f.memberName} does not meet the age required for this activity (${f.ageRule}).`,
    example: { ...sessionFacts, ageRule: 'à partir de 3 ans' },
  } satisfies ErrorEntry<RegistrationFacts>,
  /** The member is over the activity's maximum age. */
  member_too_old: {
    status: 409,
    fr: (f: RegistrationFacts) => `${f.memberName} n'a pas l'âge requis pour cette activité (${f.ageRule}).`,
    en: (f: RegistrationFacts) =>
      `${f.memberName} does not meet the age required for this activity (${f.ageRule}).`,
    example: { ...sessionFacts, ageRule: "jusqu'à 6 ans" },
  } satisfies ErrorEntry<RegistrationFacts>,
  /** The session's period opens its registrations later. */
  registration_not_open: {
    status: 409,
    fr: (f: RegistrationFacts) => `Les inscriptions ouvrent le ${f.opensOn} à ${f.opensAt}.`,
    en: (f: RegistrationFacts) => `Registrations open on ${f.opensOn} at ${f.opensAt}.`,
    example: { opensOn: '06/09/2027', opensAt: '08:00' },
  } satisfies ErrorEntry<RegistrationFacts>,
  /** The activity is not open to self-registration: a family asks the organisation instead. */
  self_registration_closed: {
    status: 409,
    fr: "Inscription sur demande auprès de l'organisation.",
    en: 'Registration on request to the organisation.',
  },
  /** The session is cancelled. */
  session_cancelled: {
    status: 409,
    fr: (f: RegistrationFacts = {}) =>
      f.activityName
        ? `La séance ${f.activityName} du ${f.sessionStart} est annulée.`
        : 'Cette séance est annulée.',
    en: (f: RegistrationFacts = {}) =>
      f.activityName
        ? `The ${f.activityName} session of ${f.sessionStart} is cancelled.`
        : 'This session is cancelled.',
    example: sessionFacts,
  } satisfies ErrorEntry<RegistrationFacts | undefined>,
  /** The session has already started. */
  session_started: {
    status: 409,
    fr: (f: RegistrationFacts) => `La séance ${f.activityName} du ${f.sessionStart} a déjà commencé.`,
    en: (f: RegistrationFacts) => `The ${f.activityName} session of ${f.sessionStart} has already started.`,
    example: sessionFacts,
  } satisfies ErrorEntry<RegistrationFacts>,
  /** The account must first accept its organisation's rules (ROI), legal notice, or both. */
  conditions_not_accepted: {
    status: 409,
    fr: ({ which }: { which?: PendingConditions } = {}) =>
      which === 'roi'
        ? "Vous devez accepter le règlement d'ordre intérieur de l'organisation avant d'inscrire un membre."
        : which === 'legalMentions'
          ? "Vous devez accepter les mentions légales de l'organisation avant d'inscrire un membre."
          : "Vous devez accepter le règlement d'ordre intérieur et les mentions légales de l'organisation avant d'inscrire un membre.",
    en: ({ which }: { which?: PendingConditions } = {}) =>
      which === 'roi'
        ? "You must accept the organisation's rules of procedure before registering anyone."
        : which === 'legalMentions'
          ? "You must accept the organisation's legal notice before registering anyone."
          : "You must accept the organisation's rules of procedure and legal notice before registering anyone.",
    example: { which: 'roi' },
  } satisfies ErrorEntry<{ which?: PendingConditions } | undefined>,
  /** A manager moves a registration that is not invited, reserved or confirmed. */
  registration_not_movable: {
    status: 409,
    fr: 'Seule une inscription invitée, réservée ou confirmée peut être déplacée.',
    en: 'Only an invited, reserved or confirmed registration can be moved.',
  },
  /** A manager moves a participant to the session they are already on. */
  same_session: {
    status: 409,
    fr: 'Le participant est déjà inscrit à cette séance.',
    en: 'The participant is already registered to this session.',
  },
  /** The registration is no longer live, or the family's cancellation comes too late. */
  registration_not_cancellable: {
    status: 409,
    fr: 'Cette inscription ne peut plus être annulée.',
    en: 'This registration can no longer be cancelled.',
  },
  /** An age request for a member who meets the age: they register directly. */
  request_not_needed_age: {
    status: 409,
    fr: "Ce membre a l'âge requis pour cette activité : inscrivez-le directement, sans demande.",
    en: 'This member meets the age required for this activity: register them directly, no request needed.',
  },
  /** A waiting-list request for a session that still has seats. */
  request_not_needed_seats: {
    status: 409,
    fr: "Des places sont encore libres pour cette séance : inscrivez-vous directement, sans liste d'attente.",
    en: 'This session still has free seats: register directly, no waiting list needed.',
  },
  /** A visibility request for an activity open to registration. */
  request_not_needed_open: {
    status: 409,
    fr: "Cette activité est ouverte à l'inscription : inscrivez-vous directement, sans demande.",
    en: 'This activity is open for registration: register directly, no request needed.',
  },
  /** A manager decides on a request that was already accepted or declined. */
  request_already_reviewed: {
    status: 409,
    fr: 'Cette demande a déjà été traitée.',
    en: 'This request has already been handled.',
  },
  /** A family answers an invitation that was already answered or withdrawn. */
  invitation_no_longer_valid: {
    status: 409,
    fr: "Cette invitation n'est plus valable.",
    en: 'This invitation is no longer valid.',
  },
  /** A family answers an invitation past its deadline. */
  invitation_expired: { status: 409, fr: 'Cette invitation a expiré.', en: 'This invitation has expired.' },

  // ───────────── Cart and orders ─────────────

  /** Checkout with an empty cart, or one whose holds all expired. */
  cart_empty: {
    status: 409,
    fr: 'Votre panier est vide ou vos réservations ont expiré. Ajoutez à nouveau les séances souhaitées.',
    en: 'Your cart is empty or your reservations have expired. Add the sessions you want again.',
  },
  /** Checkout of a paying cart while the organisation offers no payment method. */
  no_payment_provider: {
    status: 409,
    fr: "Aucun moyen de paiement n'est disponible pour le moment. Contactez l'organisation pour finaliser votre inscription.",
    en: 'No payment method is available at the moment. Please contact the organisation to complete your registration.',
  },
  /** Checkout by bank transfer while the organisation has no IBAN. */
  offline_payment_unavailable: {
    status: 409,
    fr: "Le paiement par virement n'est pas disponible : l'organisation n'a pas encore renseigné son IBAN.",
    en: 'Payment by bank transfer is not available: the organisation has not entered its IBAN yet.',
  },
  /** Checkout with a payment method the organisation does not offer. */
  payment_provider_unavailable: {
    status: 409,
    fr: "Ce moyen de paiement n'est pas disponible pour cette organisation.",
    en: 'This payment method is not available for this organisation.',
  },
  /** An order names a payment provider the platform does not know (never chosen in the settings). */
  payment_provider_unknown: {
    status: 409,
    fr: "Ce moyen de paiement n'existe pas. Contactez l'organisation.",
    en: 'This payment method does not exist. Please contact the organisation.',
  },
  /** Refunding a payment that was not received (open, failed, or refunded in full already). */
  payment_not_refundable: {
    status: 409,
    fr: 'Seul un paiement reçu peut être remboursé.',
    en: 'Only a received payment can be refunded.',
  },
  /** Refunding at the provider a payment the provider never registered (its creation failed). */
  payment_not_at_provider: {
    status: 409,
    fr: "Ce paiement n'est pas connu du prestataire de paiement : il ne peut pas y être remboursé.",
    en: 'This payment is unknown to the payment provider: it cannot be refunded there.',
  },
  /** Paying (or cancelling a payment of) an order already paid. */
  order_already_paid: {
    status: 409,
    fr: 'Cette commande est déjà payée.',
    en: 'This order is already paid.',
  },
  /** Paying or changing a cancelled order. */
  order_cancelled: { status: 409, fr: 'Cette commande est annulée.', en: 'This order is cancelled.' },
  /** Paying online an order to be paid by bank transfer. */
  order_paid_by_transfer: {
    status: 409,
    fr: 'Cette commande se paie par virement : utilisez la référence structurée indiquée.',
    en: 'This order is paid by bank transfer: use the structured reference shown.',
  },
  /** Paying an order whose expired hold can no longer take back a seat. */
  order_seat_gone: {
    status: 409,
    fr: 'Une des séances de la commande est désormais complète : la commande ne peut plus être payée. Contactez l’organisation.',
    en: 'One of the order’s sessions is now full: the order can no longer be paid. Please contact the organisation.',
  },
  /** A manager cancels a paid order as a whole. */
  order_not_cancellable: {
    status: 409,
    fr: 'Une commande payée ne peut pas être annulée ici : annulez les inscriptions une à une.',
    en: 'A paid order cannot be cancelled here: cancel its registrations one by one.',
  },

  // ───────────── Payment providers ─────────────

  /** A Buckaroo payment while the organisation's keys are not set. */
  buckaroo_not_configured: {
    status: 409,
    fr: "Les clés Buckaroo de l'organisation ne sont pas configurées.",
    en: "The organisation's Buckaroo keys are not configured.",
  },
  /** Connecting Mollie while the platform has no Mollie app credentials (retrying will not help). */
  mollie_not_configured: {
    status: 409,
    fr: "La connexion à Mollie n'est pas configurée sur cette plateforme.",
    en: 'The Mollie connection is not configured on this platform.',
  },
  /** A Mollie call while the organisation never connected its account. */
  mollie_not_connected: {
    status: 409,
    fr: "Le compte Mollie de l'organisation n'est pas connecté.",
    en: "The organisation's Mollie account is not connected.",
  },
  /** Mollie rejected the stored refresh token: the organisation must reconnect. */
  mollie_disconnected: {
    status: 409,
    fr: "Le compte Mollie de l'organisation a été déconnecté. Reconnectez-le.",
    en: "The organisation's Mollie account was disconnected. Please reconnect it.",
  },
  /** A Mollie payment while the connected account has no payment profile. */
  mollie_no_profile: {
    status: 409,
    fr: "Le compte Mollie de l'organisation n'a pas de profil de paiement.",
    en: "The organisation's Mollie account has no payment profile.",
  },

  // ───────────── Invoicing and accounting ─────────────

  /** Paying, reminding or matching a transfer to a cancelled invoice. */
  invoice_cancelled: { status: 409, fr: 'Cette facture est annulée', en: 'This invoice is cancelled' },
  /** Marking paid, reminding or recording a payment on an invoice with nothing left due. */
  invoice_already_paid: {
    status: 409,
    fr: 'Cette facture est déjà payée',
    en: 'This invoice is already paid',
  },
  /** A Peppol (UBL) file asked for an invoice or credit note whose buyer is not a company with a VAT number. */
  peppol_buyer_not_company: {
    status: 409,
    fr: "Le format Peppol n'existe que pour un client entreprise avec un numéro de TVA",
    en: 'The Peppol format exists only for a business customer with a VAT number',
  },
  /** A Peppol file whose seller or buyer has no Peppol address that can be derived from its VAT number. */
  peppol_address_unknown: {
    status: 409,
    fr: "L'adresse Peppol ne peut pas être déduite du numéro de TVA de ce pays",
    en: "The Peppol address cannot be derived from this country's VAT number",
  },
  /** A payment recorded on an invoice for more than its balance. */
  payment_amount_mismatch: {
    status: 409,
    fr: 'Le montant du virement ne correspond pas au solde de la facture',
    en: 'The transfer amount does not match the invoice balance',
  },
  /** Matching or ignoring a bank transfer already matched. */
  transaction_already_matched: {
    status: 409,
    fr: 'Ce virement est déjà rapproché',
    en: 'This transfer is already matched',
  },

  // ───────────── Licences ─────────────
  /** Moving a licence to its next plan when it is no longer the organisation's current licence. */
  licence_not_current: {
    status: 409,
    fr: 'Cette licence n’est plus la licence en cours de l’organisation',
    en: 'This licence is no longer the organisation’s current licence',
  },
  /** Moving a licence to its next plan when its plan has none. */
  licence_has_no_next_plan: {
    status: 409,
    fr: 'La formule de cette licence n’a pas de formule suivante',
    en: 'This licence’s plan has no next plan',
  },

  // ───────────── Family ─────────────

  /** A family adds a member past the limit of members per family. */
  family_members_limit: {
    status: 409,
    fr: ({ max }: { max: number }) => `Une famille ne peut pas compter plus de ${max} membres.`,
    en: ({ max }: { max: number }) => `A family cannot have more than ${max} members.`,
    example: { max: 50 },
  } satisfies ErrorEntry<{ max: number }>,
  /** A family removes a member with registrations to come without confirming; `details` lists them. */
  member_has_future_registrations: {
    status: 409,
    fr: ({ count }: { count: number }) =>
      `Ce membre est inscrit à ${count} séance${plural(count, '', 's')} à venir. Si vous le retirez de votre famille, ` +
      `${plural(count, 'cette inscription sera annulée', 'ces inscriptions seront annulées')} selon les conditions ` +
      "d'annulation de l'organisation. Confirmez la suppression pour continuer.",
    en: ({ count }: { count: number }) =>
      `This member is registered for ${count} upcoming session${plural(count, '', 's')}. If you remove them from your ` +
      `family, ${plural(count, 'this registration', 'these registrations')} will be cancelled under the ` +
      "organisation's cancellation terms. Confirm the removal to continue.",
    example: { count: 2 },
  } satisfies ErrorEntry<{ count: number }>,
  /** Inviting as representative someone who already represents the family. */
  already_representative: {
    status: 409,
    fr: 'Cette personne représente déjà votre famille.',
    en: 'This person already represents your family.',
  },
  /** Inviting a representative while the family has the most pending invitations allowed. */
  too_many_pending_invitations: {
    status: 409,
    fr: ({ max }: { max: number }) =>
      `Votre famille a déjà ${max} invitations en attente. Annulez-en une avant d'en envoyer une autre.`,
    en: ({ max }: { max: number }) =>
      `Your family already has ${max} pending invitations. Revoke one before sending another.`,
    example: { max: 10 },
  } satisfies ErrorEntry<{ max: number }>,
  /** Accepting or revoking a representative invitation already answered, revoked or expired. */
  representative_invitation_not_pending: {
    status: 409,
    fr: "Cette invitation n'est plus valable : elle a déjà reçu une réponse, a été annulée ou a expiré.",
    en: 'This invitation is no longer valid: it was already answered, revoked or has expired.',
  },
  /** Accepting an invitation to the family one already belongs to. */
  already_in_family: {
    status: 409,
    fr: 'Vous faites déjà partie de cette famille.',
    en: 'You are already part of this family.',
  },
  /** Accepting an invitation with an account whose family has another representative. */
  family_shared: {
    status: 409,
    fr: "Votre compte partage déjà une famille avec un autre représentant : il ne peut pas rejoindre une autre famille. Demandez à l'organisation de vous aider.",
    en: 'Your account already shares a family with another representative: it cannot join another family. Ask the organisation for help.',
  },

  // ───────────── Organisation set-up ─────────────

  /** The organisation is in maintenance: its API answers this to everyone but the platform staff. */
  organization_in_maintenance: {
    status: 503,
    fr: 'Cette organisation est en maintenance. Veuillez réessayer plus tard.',
    en: 'This organisation is under maintenance. Please try again later.',
  },
  /** Archiving the system organisation or putting it in maintenance. */
  system_organization_locked: {
    status: 409,
    fr: "L'organisation système ne peut être ni archivée ni mise en maintenance.",
    en: 'The system organisation can be neither archived nor put in maintenance.',
  },
  /** Moving an organisation to the plan it already has. */
  licence_plan_unchanged: {
    status: 409,
    fr: "L'organisation a déjà ce plan de licence.",
    en: 'The organisation already has this licence plan.',
  },

  /** Deleting the organisation's default establishment. */
  default_establishment_undeletable: {
    status: 409,
    fr: "L'établissement par défaut de l'organisation ne peut pas être supprimé.",
    en: "The organisation's default establishment cannot be deleted.",
  },
  /** Deleting an establishment still used; `uses` lists by what, already worded in the language. */
  establishment_in_use: {
    status: 409,
    fr: ({ uses }: { uses: Record<Locale, string> }) =>
      `Cet établissement ne peut pas être supprimé : il est encore utilisé par ${uses.fr}.`,
    en: ({ uses }: { uses: Record<Locale, string> }) =>
      `This establishment cannot be deleted: it is still used by ${uses.en}.`,
    example: { uses: { fr: 'des activités et des périodes', en: 'activities and periods' } },
  } satisfies ErrorEntry<{ uses: Record<Locale, string> }>,
  /** Deleting an activity that has sessions (archive it instead). */
  blueprint_has_sessions: {
    status: 409,
    fr: 'Cette activité a déjà des séances : elle ne peut pas être supprimée. Archivez-la plutôt.',
    en: 'This activity already has sessions: it cannot be deleted. Archive it instead.',
  },
  /** Adding a session to an archived activity. */
  blueprint_archived: {
    status: 409,
    fr: 'Cette activité est archivée : on ne peut plus y ajouter de séances',
    en: 'This activity is archived: no sessions can be added to it',
  },
  /** Lowering a session's seats below those already taken. */
  seats_below_reserved: {
    status: 409,
    fr: ({ reserved }: { reserved: number }) =>
      `Le nombre de places ne peut pas être inférieur aux ${reserved} places déjà réservées`,
    en: ({ reserved }: { reserved: number }) =>
      `The number of seats cannot be lower than the ${reserved} seats already reserved`,
    example: { reserved: 12 },
  } satisfies ErrorEntry<{ reserved: number }>,
  /** Postponing a cancelled session. */
  cancelled_session_not_postponable: {
    status: 409,
    fr: 'Une séance annulée ne peut pas être reportée',
    en: 'A cancelled session cannot be postponed',
  },
  /** Assigning a holder twice to the same session. */
  holder_already_assigned: {
    status: 409,
    fr: 'Ce titulaire est déjà assigné à cette séance',
    en: 'This holder is already assigned to this session',
  },
  /** Taking attendance on a session the organisation cancelled. */
  attendance_session_cancelled: {
    status: 409,
    fr: 'Cette séance est annulée : on ne peut pas y prendre les présences',
    en: 'This session is cancelled: attendance cannot be taken',
  },
  /** A mark for someone who is not a confirmed (or absent) participant of the session. */
  attendance_not_markable: {
    status: 409,
    fr: "Ce participant n'est pas (ou plus) inscrit à cette séance : sa présence ne peut pas être marquée",
    en: 'This participant is not (or no longer) registered to this session: their attendance cannot be marked',
  },
  /** Moving a period to an establishment other than its sessions'. */
  period_other_establishment: {
    status: 409,
    fr: 'La séance et la période doivent appartenir au même établissement',
    en: 'The session and the period must belong to the same establishment',
  },
  /** Deleting a period that still holds sessions. */
  period_has_sessions: {
    status: 409,
    fr: 'Cette période contient des séances : retirez-les avant de la supprimer',
    en: 'This period holds sessions: remove them before deleting it',
  },
  /** Giving another role than a basic user to a session holder. */
  holder_needs_user_role: {
    status: 409,
    fr: 'Seul un utilisateur basique peut être titulaire',
    en: 'Only a basic user can be a holder',
  },
  // Contact support and platform staff.
  /** Writing in a support thread the system administrator has closed. */
  support_thread_closed: {
    status: 409,
    fr: 'Cette conversation est fermée : ouvrez-en une nouvelle',
    en: 'This conversation is closed: start a new one',
  },
  /** A support attachment that is neither a PDF nor an image (recognised by its content). */
  support_attachment_type: {
    status: 415,
    fr: 'La pièce jointe doit être un PDF ou une image (PNG, JPEG, WebP)',
    en: 'The attachment must be a PDF or an image (PNG, JPEG, WebP)',
  },
  /** A support attachment over 5 MB. */
  support_attachment_too_large: {
    status: 413,
    fr: 'La pièce jointe ne peut pas dépasser 5 Mo',
    en: 'The attachment cannot exceed 5 MB',
  },
  /** Removing (or demoting) the only system administrator left. */
  last_system_admin: {
    status: 409,
    fr: 'Le dernier administrateur système ne peut pas être retiré',
    en: 'The last system administrator cannot be removed',
  },
  /** Inviting to the platform staff an address that already belongs to one of them. */
  staff_already_member: {
    status: 409,
    fr: "Cette adresse e-mail appartient déjà à un membre de l'équipe de la plateforme",
    en: 'This e-mail address already belongs to a member of the platform staff',
  },

  // ───────────── Recovery tokens ─────────────

  /** Using, extending or cancelling a token that is used, expired or cancelled (or used at the same time). */
  recovery_token_not_available: {
    status: 409,
    fr: "Cette récupération n'est plus disponible.",
    en: 'This recovery token is no longer available.',
  },
  /** Using a token on a session it may not take (past, private activity, outside its validity or scope). */
  recovery_session_not_eligible: {
    status: 409,
    fr: 'Cette séance ne peut pas être choisie avec cette récupération.',
    en: 'This session cannot be chosen with this recovery token.',
  },

  // ───────────── Work time ─────────────

  /** Changing a correction, or submitting, on a month already submitted or validated. */
  work_month_locked: {
    status: 409,
    fr: 'Ce mois a déjà été soumis ou validé : ses heures ne peuvent plus être modifiées.',
    en: 'This month has already been submitted or validated: its hours can no longer be changed.',
  },
  /** Validating or rejecting a month the holder has not submitted (or already decided). */
  work_month_not_submitted: {
    status: 409,
    fr: "Ce mois n'est pas en attente de validation.",
    en: 'This month is not awaiting validation.',
  },
  /** Submitting a month before its last day is over (its sessions are not all held yet). */
  work_month_not_over: {
    status: 409,
    fr: "Un mois ne peut être soumis qu'une fois terminé.",
    en: 'A month can only be submitted once it is over.',
  },

  // ───────────── Documents and reports ─────────────

  /** A legal document upload that is not a PDF by its content (an SVG, an image, a script renamed .pdf). */
  legal_document_not_pdf: {
    status: 415,
    fr: 'Le document doit être un fichier PDF.',
    en: 'The document must be a PDF file.',
  },
  /** A legal document upload over 10 MB. */
  legal_document_too_large: {
    status: 413,
    fr: 'Le document ne peut pas dépasser 10 Mo.',
    en: 'The document cannot exceed 10 MB.',
  },
  /** Publishing a legal document already published (a new version is a new upload). */
  document_already_published: {
    status: 409,
    fr: 'Ce document est déjà publié : déposez une nouvelle version pour le remplacer.',
    en: 'This document is already published: upload a new version to replace it.',
  },
  /** Publishing a document that is not a legal one (a report, a certificate). */
  document_not_publishable: {
    status: 409,
    fr: 'Seuls les documents légaux peuvent être publiés.',
    en: 'Only legal documents can be published.',
  },
  /** Downloading a report still being made, or one whose making failed. */
  document_not_ready: {
    status: 409,
    fr: 'Ce document est en cours de préparation ou sa préparation a échoué.',
    en: 'This document is still being prepared, or its preparation failed.',
  },

  // ───────────── Certificates ─────────────

  /** Asking a certificate for an activity, a period or a year the family has paid nothing for. */
  certificate_nothing_paid: {
    status: 409,
    fr: "Aucun paiement n'a été reçu pour cette inscription : l'attestation ne peut pas être délivrée.",
    en: 'No payment was received for this registration: the certificate cannot be issued.',
  },
  /** A 281.86 for a year without any attended and fully paid day of the child. */
  certificate_not_attended: {
    status: 409,
    fr: "L'attestation fiscale n'est délivrée que pour des journées suivies et entièrement payées.",
    en: 'The tax certificate is only issued for days attended and fully paid.',
  },
  /** Accepting a rules of procedure or legal mentions other than the version in force (a new one was published meanwhile). */
  legal_version_changed: {
    status: 409,
    fr: 'Une nouvelle version a été publiée entre-temps : lisez-la avant de l’accepter.',
    en: 'A new version was published meanwhile: read it before accepting it.',
  },
  /** A year's certificate (281.86, payment) asked before the year is over: its expenses are not all known. */
  certificate_year_not_over: {
    status: 409,
    fr: ({ year }: { year: number }) =>
      `L'attestation de l'année ${year} sera disponible à partir du 1er janvier ${year + 1}, une fois l'année terminée.`,
    en: ({ year }: { year: number }) =>
      `The certificate for ${year} will be available from 1 January ${year + 1}, once the year is over.`,
    example: { year: 2026 },
  } satisfies ErrorEntry<{ year: number }>,
  /** A 281.86 asked before the child's and the debtor's national register numbers are given. */
  certificate_identity_missing: {
    status: 409,
    fr: "Indiquez d'abord les numéros de registre national de l'enfant et du débiteur.",
    en: "First give the child's and the debtor's national register numbers.",
  },
  /** Certificates need the organisation's seal and signature (configuration, « mutuelle » step). */
  certificate_profile_incomplete: {
    status: 409,
    fr: "L'organisation n'a pas encore ajouté son cachet et sa signature : les attestations ne peuvent pas être délivrées.",
    en: 'The organisation has not added its seal and signature yet: certificates cannot be issued.',
  },
  /** A 281.86 or Belcotax export outside Belgium, or a payment certificate in Belgium. */
  certificate_wrong_country: {
    status: 409,
    fr: "Ce type d'attestation n'existe pas dans le pays de l'organisation.",
    en: "This kind of certificate does not exist in the organisation's country.",
  },
  /** A seal or signature that is not a PNG or JPEG image by its content (an SVG, a renamed file…). */
  certificate_image_type: {
    status: 415,
    fr: 'Le cachet et la signature doivent être des images PNG ou JPEG.',
    en: 'The seal and the signature must be PNG or JPEG images.',
  },
  /** A seal or signature over 1 MB. */
  certificate_image_too_large: {
    status: 413,
    fr: "L'image du cachet ou de la signature ne peut pas dépasser 1 Mo.",
    en: 'The seal or signature image cannot exceed 1 MB.',
  },
  /** The Belcotax export of a year without any 281.86 issued. */
  certificate_none_issued: {
    status: 409,
    fr: "Aucune attestation 281.86 n'a été délivrée pour cette année.",
    en: 'No 281.86 certificate was issued for this year.',
  },
  /** A communication's attachment that is neither a PDF nor an image by its content. */
  communication_attachment_type: {
    status: 415,
    fr: 'La pièce jointe doit être un PDF ou une image (PNG, JPEG, WebP)',
    en: 'The attachment must be a PDF or an image (PNG, JPEG, WebP)',
  },
  /** A communication's attachment over 5 MB. */
  communication_attachment_too_large: {
    status: 413,
    fr: 'Chaque pièce jointe ne peut pas dépasser 5 Mo',
    en: 'Each attachment cannot exceed 5 MB',
  },
  /** A message whose target reaches no family (no attendee, no holder). */
  communication_no_recipients: {
    status: 409,
    fr: 'Aucune famille à qui envoyer ce message',
    en: 'No family to send this message to',
  },
} as const satisfies Record<string, ErrorEntry<never> | ErrorEntry<any>>; // eslint-disable-line @typescript-eslint/no-explicit-any

export type ErrorCode = keyof typeof ERRORS;

/** Every code of the catalogue, in its order. */
export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

/** The facts a code's text quotes (`undefined` for a fixed text). */
export type ErrorParams<C extends ErrorCode> = (typeof ERRORS)[C]['fr'] extends (params: infer P) => string
  ? P
  : undefined;

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(ERRORS, value);

/** The HTTP status the API answers a code with. */
export const errorStatus = (code: ErrorCode): number => ERRORS[code].status;

/** A code's text in the language, filled with the facts it quotes. */
export function errorText<C extends ErrorCode>(code: C, locale: Locale, params?: ErrorParams<C>): string {
  const text = ERRORS[code][locale] as Text<ErrorParams<C> | undefined>;
  return typeof text === 'function' ? text(params) : text;
}

/** The registration refusal reasons of the eligibility check, as error codes. */
export const REFUSAL_CODES = {
  'not-found': 'session_or_member_not_found',
  'not-open-yet': 'registration_not_open',
  'self-registration-closed': 'self_registration_closed',
  'session-unavailable': 'session_cancelled',
  'session-past': 'session_started',
  'too-young': 'member_too_young',
  'too-old': 'member_too_old',
  'already-registered': 'already_registered',
  overlap: 'registration_overlap',
  full: 'session_full',
  'conditions-not-accepted': 'conditions_not_accepted',
} as const satisfies Record<RegistrationRefusal, ErrorCode>;

/** The text of a registration refusal, filled with the facts of the case. */
export function refusalText(
  reason: RegistrationRefusal,
  locale: Locale,
  facts: RegistrationFacts & { which?: PendingConditions } = {},
): string {
  const text = ERRORS[REFUSAL_CODES[reason]][locale] as Text<typeof facts>;
  return typeof text === 'function' ? text(facts) : text;
}
