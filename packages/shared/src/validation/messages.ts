import { DEFAULT_LOCALE } from '../locale';
import type { Locale } from '../locale';

/**
 * User-facing messages: form validation (spec section 5) and the error and success texts of spec
 * sections 2 and 8. The French texts are the specification's, to the letter (apostrophes included).
 * Placeholders are written `{name}` and filled by `message()`.
 */
export const MESSAGES = {
  // Validation
  required: { fr: 'Ce champs est requis', en: 'This field is required' },
  format: { fr: 'Respectez le format de la valeur', en: 'Please respect the value format' },
  listCursor: {
    fr: "Cette position dans la liste n'est pas valable : reprenez la liste depuis le début.",
    en: 'This position in the list is not valid: start the list again from the beginning.',
  },
  minLength: {
    fr: 'Ce champ doit contenir au moins {min} caractères',
    en: 'This field must contain at least {min} characters',
  },
  maxLength: {
    fr: 'Ce champ doit contenir au plus {max} caractères',
    en: 'This field must contain at most {max} characters',
  },
  maxValue: { fr: 'La valeur ne peut pas dépasser {max}', en: 'The value cannot exceed {max}' },
  // What a field expects, where the generic « Respectez le format de la valeur » said nothing of it (the
  // specification keeps that one for the activity form only).
  minValue: { fr: 'La valeur doit être au moins {min}', en: 'The value must be at least {min}' },
  text: { fr: 'La valeur doit être un texte', en: 'The value must be a text' },
  number: { fr: 'La valeur doit être un nombre', en: 'The value must be a number' },
  boolean: { fr: 'La valeur doit être vrai ou faux', en: 'The value must be true or false' },
  choice: {
    fr: 'Choisissez une des valeurs proposées',
    en: 'Choose one of the proposed values',
  },
  list: { fr: 'La valeur doit être une liste', en: 'The value must be a list' },
  object: {
    fr: 'La valeur doit être un objet avec les champs attendus',
    en: 'The value must be an object with the expected fields',
  },
  identifier: { fr: 'Identifiant invalide', en: 'Invalid identifier' },
  webAddress: {
    fr: 'Saisissez une adresse web, par exemple www.club.be',
    en: 'Enter a web address, for example www.club.be',
  },
  dateTime: {
    fr: 'Date et heure invalides (format AAAA-MM-JJTHH:mm avec fuseau horaire)',
    en: 'Invalid date and time (format YYYY-MM-DDTHH:mm with a time zone)',
  },
  otpDigits: { fr: 'Le code contient 6 chiffres', en: 'The code has 6 digits' },
  phoneCharacters: {
    fr: 'Le numéro de téléphone ne peut contenir que des chiffres, des espaces et + . - ( )',
    en: 'The phone number may only contain digits, spaces and + . - ( )',
  },
  personPhoneCharacters: {
    fr: 'Le numéro de téléphone ne peut contenir que des chiffres, des espaces et + . -',
    en: 'The phone number may only contain digits, spaces and + . -',
  },
  email: { fr: 'Adresse e-mail invalide', en: 'Invalid e-mail address' },
  passwordRule: {
    fr: 'Le mot de passe doit contenir au moins 8 caractères, une majuscule et un chiffre',
    en: 'The password must contain at least 8 characters, one uppercase letter and one digit',
  },
  passwordMismatch: { fr: 'Les mots de passe ne correspondent pas', en: 'Passwords do not match' },
  phoneDigits: {
    fr: 'Le numéro de téléphone doit contenir au moins {min} chiffres',
    en: 'The phone number must contain at least {min} digits',
  },
  ageMinMax: {
    fr: "L'âge minimum ne peut pas être supérieur à l'âge maximum",
    en: 'The minimum age cannot be greater than the maximum age',
  },
  integer: { fr: 'La valeur doit être un nombre entier', en: 'The value must be a whole number' },
  positive: { fr: 'La valeur doit être supérieure à 0', en: 'The value must be greater than 0' },
  nonNegative: { fr: 'La valeur ne peut pas être négative', en: 'The value cannot be negative' },
  timeZone: { fr: 'Fuseau horaire invalide', en: 'Invalid time zone' },
  date: { fr: 'Date invalide (format AAAA-MM-JJ)', en: 'Invalid date (format YYYY-MM-DD)' },
  month: { fr: 'Mois invalide (format AAAA-MM)', en: 'Invalid month (format YYYY-MM)' },
  futureDate: { fr: 'La date ne peut pas être dans le futur', en: 'The date cannot be in the future' },
  country: { fr: 'Pays invalide', en: 'Invalid country' },
  organizationKey: {
    fr: 'Lettres minuscules sans accents, chiffres et tirets, de 3 à 40 caractères, sans tiret au début ni à la fin',
    en: 'Lower-case letters without accents, digits and hyphens, 3 to 40 characters, no hyphen first or last',
  },
  gender: { fr: 'Genre invalide', en: 'Invalid gender' },
  phoneInvalid: {
    fr: 'Numéro de téléphone invalide pour le pays choisi',
    en: 'Invalid phone number for the chosen country',
  },
  postalCodeInvalid: {
    fr: 'Code postal invalide pour le pays choisi',
    en: 'Invalid postal code for the chosen country',
  },
  accountDeletionConfirmation: {
    fr: 'Saisissez {phrase} pour confirmer la suppression',
    en: 'Type {phrase} to confirm the deletion',
  },
  // Sessions, holders and periods
  sessionTime: { fr: 'Heure invalide (format HH:mm)', en: 'Invalid time (format HH:mm)' },
  sessionDateTime: { fr: 'Date et heure invalides', en: 'Invalid date and time' },
  sessionWhen: {
    fr: 'Indiquez soit une date et une heure, soit une série hebdomadaire',
    en: 'Give either a date and a time, or a weekly series',
  },
  seriesDays: {
    fr: 'Choisissez au moins un jour de la semaine',
    en: 'Choose at least one day of the week',
  },
  endBeforeStart: {
    fr: 'La date de fin ne peut pas être antérieure à la date de début',
    en: 'The end date cannot be before the start date',
  },
  seriesSpan: {
    fr: "Une série ne peut pas couvrir plus d'un an",
    en: 'A series cannot cover more than one year',
  },
  seriesTooMany: {
    fr: 'Une série ne peut pas compter plus de {max} séances',
    en: 'A series cannot have more than {max} sessions',
  },
  seriesEmpty: {
    fr: 'Aucune séance ne correspond à ces jours et à ces dates',
    en: 'No session matches these days and dates',
  },
  holderNotFound: {
    fr: "Ce titulaire est introuvable dans l'organisation",
    en: 'This holder could not be found in the organisation',
  },
  periodEstablishment: {
    fr: 'La séance et la période doivent appartenir au même établissement',
    en: 'The session and the period must belong to the same establishment',
  },
  httpUrl: {
    fr: 'Saisissez une adresse web complète (http:// ou https://)',
    en: 'Enter a full web address (http:// or https://)',
  },
  tooManyItems: { fr: 'Au maximum {max} éléments', en: 'At most {max} items' },
  amountTooLarge: { fr: 'Le montant ne peut pas dépasser {max}', en: 'The amount cannot exceed {max}' },
  unknownReference: {
    fr: "Cet élément n'existe pas ou n'est plus disponible",
    en: 'This item does not exist or is no longer available',
  },
  // Calendar
  calendarInstant: {
    fr: 'Date et heure invalides (format ISO 8601, par exemple 2026-11-23T00:00:00Z)',
    en: 'Invalid date and time (ISO 8601 format, for example 2026-11-23T00:00:00Z)',
  },
  calendarRange: {
    fr: 'La fin doit suivre le début, sur {max} jours au plus',
    en: 'The end must follow the start, within {max} days',
  },

  // HTTP fallbacks and API errors (spec section 8)
  badRequest: { fr: 'Les données fournies sont invalides.', en: 'The data provided is invalid.' },
  unauthorized: {
    fr: 'Identifiants non valides. Veuillez réessayer.',
    en: 'Invalid credentials. Please try again.',
  },
  forbidden: {
    fr: 'Vous n’avez pas la permission d’effectuer cette action.',
    en: 'You do not have permission to perform this action.',
  },
  notFound: { fr: 'Les données fournies sont introuvables.', en: 'The requested data could not be found.' },
  internalError: { fr: 'Erreur interne du serveur.', en: 'Internal server error.' },
  unexpectedStatus: { fr: 'Erreur inattendue (Code {status}).', en: 'Unexpected error (Code {status}).' },
  unknownError: { fr: 'Une erreur inconnue est survenue.', en: 'An unknown error occurred.' },
  unexpectedError: { fr: 'Une erreur inattendue est survenue.', en: 'An unexpected error occurred.' },
  apiError: { fr: 'Erreur API {status}', en: 'API error {status}' },
  sessionExpired: { fr: 'Votre session a expiré', en: 'Your session has expired' },
  sessionRefreshFailed: {
    fr: 'Erreur lors du rafraîchissement de votre session',
    en: 'Error while refreshing your session',
  },
  sessionExpiredSignInAgain: {
    fr: 'Votre session a expiré. Veuillez vous reconnecter.',
    en: 'Your session has expired. Please sign in again.',
  },
  onboardingStateUnavailable: {
    fr: "Impossible de récupérer l'état de l'onboarding.",
    en: 'Unable to retrieve the onboarding state.',
  },
  onboardingStepNotFound: {
    fr: "L'étape d'onboarding est introuvable.",
    en: 'The onboarding step could not be found.',
  },
  organizationNotFoundTitle: { fr: 'Organisation introuvable', en: 'Organisation not found' },
  organizationNotFoundText: {
    fr: "Cette organisation n'existe pas ou n'est plus accessible.",
    en: 'This organisation does not exist or is no longer accessible.',
  },
  organizationFetchFailed: {
    fr: "Une erreur s'est produite lors de la récupération des informations de l'organisation. Veuillez réessayer.",
    en: "An error occurred while retrieving the organisation's information. Please try again.",
  },
  organizationUpdateFailed: {
    fr: "Impossible de mettre à jour l'organisation. Veuillez réessayer.",
    en: 'Unable to update the organisation. Please try again.',
  },
  blueprintUpdateFailed: {
    fr: "Une erreur est survenue lors de la mise à jour de l'activité.",
    en: 'An error occurred while updating the activity.',
  },
  // The original showed this English text in both languages; French gets a translation here.
  userDetailsFetchFailed: {
    fr: "Impossible de récupérer les informations de l'utilisateur. Veuillez réessayer.",
    en: 'Failed to fetch user details. Please try again.',
  },
  noUserToEdit: {
    fr: 'Aucun utilisateur trouvé pour la modification. Veuillez vous reconnecter.',
    en: 'No user found to edit. Please sign in again.',
  },
  incompleteInformation: { fr: 'Informations à compléter', en: 'Information to complete' },
  // Establishments and assets
  assetImageType: {
    fr: 'Seules les images PNG, JPEG ou WebP sont acceptées.',
    en: 'Only PNG, JPEG or WebP images are accepted.',
  },
  assetTooLarge: {
    fr: 'Le fichier ne doit pas dépasser {max} Mo.',
    en: 'The file must not exceed {max} MB.',
  },
  assetUnreadable: {
    fr: 'Cette image est illisible ou endommagée.',
    en: 'This image is unreadable or damaged.',
  },
  assetFileRequired: {
    fr: 'Veuillez joindre un fichier image (envoi multipart/form-data).',
    en: 'Please attach an image file (multipart/form-data upload).',
  },
  // Members administration
  holderNeedsUserRole: {
    fr: 'Seul un utilisateur basique peut être titulaire',
    en: 'Only a basic user can be a holder',
  },

  // Successes (spec section 8)
  profileUpdated: {
    fr: 'Votre profil a été mis à jour avec succès.',
    en: 'Your profile has been updated successfully.',
  },
  informationUpdated: {
    fr: 'Vos informations ont été mises à jour avec succès.',
    en: 'Your information has been updated successfully.',
  },
  delegatedMemberCreated: {
    fr: 'Le membre délégué a été créé avec succès.',
    en: 'The family member has been created successfully.',
  },
  delegatedMemberUpdated: {
    fr: 'Le membre délégué a été mis à jour avec succès.',
    en: 'The family member has been updated successfully.',
  },
  delegatedMemberDeleted: {
    fr: 'Le membre délégué a été supprimé avec succès.',
    en: 'The family member has been deleted successfully.',
  },
  representativeAdded: {
    fr: 'Le représentant a été ajouté avec succès.',
    en: 'The representative has been added successfully.',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type MessageKey = keyof typeof MESSAGES;
export type MessageParams = Readonly<Record<string, string | number>>;

/** The message in the locale with its `{placeholders}` filled; unknown placeholders are left as written. */
export function message(key: MessageKey, locale: Locale = DEFAULT_LOCALE, params?: MessageParams): string {
  const template: string = MESSAGES[key][locale];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const value = params[name];
    return value === undefined ? placeholder : String(value);
  });
}

/** The notification text for a failed HTTP status (spec section 8); no status means an unknown error. */
export function httpStatusMessage(
  status: number | null | undefined,
  locale: Locale = DEFAULT_LOCALE,
): string {
  switch (status) {
    case null:
    case undefined:
      return message('unknownError', locale);
    case 400:
      return message('badRequest', locale);
    case 401:
      return message('unauthorized', locale);
    case 403:
      return message('forbidden', locale);
    case 404:
      return message('notFound', locale);
    case 500:
      return message('internalError', locale);
    default:
      return message('unexpectedStatus', locale, { status });
  }
}
