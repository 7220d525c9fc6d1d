import { describe, expect, it } from 'vitest';
import { LOCALES } from '../locale';
import { MESSAGES, httpStatusMessage, message } from './messages';
import type { MessageKey } from './messages';

const KEYS = Object.keys(MESSAGES) as MessageKey[];
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('MESSAGES', () => {
  it.each(KEYS)('%s has a text in both languages, with the same placeholders', (key) => {
    expect(Object.keys(MESSAGES[key]).sort()).toEqual([...LOCALES].sort());
    for (const locale of LOCALES) expect(MESSAGES[key][locale].trim()).not.toBe('');
    expect(placeholders(MESSAGES[key].fr)).toEqual(placeholders(MESSAGES[key].en));
  });

  it('contains the validation messages the schemas use', () => {
    for (const key of [
      'required',
      'format',
      'minLength',
      'email',
      'passwordRule',
      'passwordMismatch',
      'phoneDigits',
      'ageMinMax',
      'integer',
      'positive',
      'nonNegative',
      'timeZone',
      'date',
      'futureDate',
      'country',
      'gender',
    ]) {
      expect(KEYS).toContain(key);
    }
  });

  // The specification's texts, letter for letter: note the typographic apostrophes of 'forbidden'.
  it.each([
    ['required', 'Ce champs est requis', 'This field is required'],
    ['format', 'Respectez le format de la valeur', 'Please respect the value format'],
    ['email', 'Adresse e-mail invalide', 'Invalid e-mail address'],
    [
      'passwordRule',
      'Le mot de passe doit contenir au moins 8 caractères, une majuscule et un chiffre',
      'The password must contain at least 8 characters, one uppercase letter and one digit',
    ],
    ['passwordMismatch', 'Les mots de passe ne correspondent pas', 'Passwords do not match'],
    [
      'ageMinMax',
      "L'âge minimum ne peut pas être supérieur à l'âge maximum",
      'The minimum age cannot be greater than the maximum age',
    ],
    ['badRequest', 'Les données fournies sont invalides.', 'The data provided is invalid.'],
    [
      'unauthorized',
      'Identifiants non valides. Veuillez réessayer.',
      'Invalid credentials. Please try again.',
    ],
    [
      'forbidden',
      'Vous n\u2019avez pas la permission d\u2019effectuer cette action.',
      'You do not have permission to perform this action.',
    ],
    ['notFound', 'Les données fournies sont introuvables.', 'The requested data could not be found.'],
    ['internalError', 'Erreur interne du serveur.', 'Internal server error.'],
    ['unknownError', 'Une erreur inconnue est survenue.', 'An unknown error occurred.'],
    ['unexpectedError', 'Une erreur inattendue est survenue.', 'An unexpected error occurred.'],
    ['sessionExpired', 'Votre session a expiré', 'Your session has expired'],
    [
      'sessionRefreshFailed',
      'Erreur lors du rafraîchissement de votre session',
      'Error while refreshing your session',
    ],
    [
      'sessionExpiredSignInAgain',
      'Votre session a expiré. Veuillez vous reconnecter.',
      'Your session has expired. Please sign in again.',
    ],
    [
      'onboardingStateUnavailable',
      "Impossible de récupérer l'état de l'onboarding.",
      'Unable to retrieve the onboarding state.',
    ],
    [
      'onboardingStepNotFound',
      "L'étape d'onboarding est introuvable.",
      'The onboarding step could not be found.',
    ],
    ['organizationNotFoundTitle', 'Organisation introuvable', 'Organisation not found'],
    [
      'organizationNotFoundText',
      "Cette organisation n'existe pas ou n'est plus accessible.",
      'This organisation does not exist or is no longer accessible.',
    ],
    [
      'organizationFetchFailed',
      "Une erreur s'est produite lors de la récupération des informations de l'organisation. Veuillez réessayer.",
      "An error occurred while retrieving the organisation's information. Please try again.",
    ],
    [
      'organizationUpdateFailed',
      "Impossible de mettre à jour l'organisation. Veuillez réessayer.",
      'Unable to update the organisation. Please try again.',
    ],
    [
      'blueprintUpdateFailed',
      "Une erreur est survenue lors de la mise à jour de l'activité.",
      'An error occurred while updating the activity.',
    ],
    [
      'noUserToEdit',
      'Aucun utilisateur trouvé pour la modification. Veuillez vous reconnecter.',
      'No user found to edit. Please sign in again.',
    ],
    ['userDetailsFetchFailed', expect.any(String), 'Failed to fetch user details. Please try again.'],
    ['incompleteInformation', 'Informations à compléter', 'Information to complete'],
    [
      'profileUpdated',
      'Votre profil a été mis à jour avec succès.',
      'Your profile has been updated successfully.',
    ],
    [
      'informationUpdated',
      'Vos informations ont été mises à jour avec succès.',
      'Your information has been updated successfully.',
    ],
    ['delegatedMemberCreated', 'Le membre délégué a été créé avec succès.', expect.any(String)],
    ['delegatedMemberUpdated', 'Le membre délégué a été mis à jour avec succès.', expect.any(String)],
    ['delegatedMemberDeleted', 'Le membre délégué a été supprimé avec succès.', expect.any(String)],
    ['representativeAdded', 'Le représentant a été ajouté avec succès.', expect.any(String)],
  ] as const)('%s reads exactly as specified', (key, fr, en) => {
    expect(message(key, 'fr')).toEqual(fr);
    expect(message(key, 'en')).toEqual(en);
  });

  it('uses typographic apostrophes only where the specification does', () => {
    for (const key of KEYS) {
      const text = MESSAGES[key].fr;
      if (key === 'forbidden') expect(text).not.toContain("'");
      else expect(text).not.toContain('\u2019');
    }
  });
});

describe('message', () => {
  it('fills placeholders in both languages', () => {
    expect(message('minLength', 'fr', { min: 5 })).toBe('Ce champ doit contenir au moins 5 caractères');
    expect(message('minLength', 'en', { min: 5 })).toBe('This field must contain at least 5 characters');
    expect(message('phoneDigits', 'fr', { min: 9 })).toBe(
      'Le numéro de téléphone doit contenir au moins 9 chiffres',
    );
    expect(message('phoneDigits', 'en', { min: 9 })).toBe('The phone number must contain at least 9 digits');
    expect(message('apiError', 'fr', { status: 502 })).toBe('Erreur API 502');
  });

  it('leaves unknown or missing placeholders as written', () => {
    expect(message('minLength', 'fr')).toBe('Ce champ doit contenir au moins {min} caractères');
    expect(message('minLength', 'fr', { max: 3 })).toBe('Ce champ doit contenir au moins {min} caractères');
  });

  it('writes in French by default', () => {
    expect(message('required')).toBe('Ce champs est requis');
  });
});

describe('httpStatusMessage', () => {
  it.each([
    [400, 'Les données fournies sont invalides.'],
    [401, 'Identifiants non valides. Veuillez réessayer.'],
    [403, 'Vous n’avez pas la permission d’effectuer cette action.'],
    [404, 'Les données fournies sont introuvables.'],
    [500, 'Erreur interne du serveur.'],
    [409, 'Erreur inattendue (Code 409).'],
    [502, 'Erreur inattendue (Code 502).'],
    [undefined, 'Une erreur inconnue est survenue.'],
    [null, 'Une erreur inconnue est survenue.'],
  ])('%j → %j', (status, expected) => {
    expect(httpStatusMessage(status)).toBe(expected);
  });

  it('speaks English too', () => {
    expect(httpStatusMessage(403, 'en')).toBe('You do not have permission to perform this action.');
    expect(httpStatusMessage(418, 'en')).toBe('Unexpected error (Code 418).');
    expect(httpStatusMessage(undefined, 'en')).toBe('An unknown error occurred.');
  });
});
