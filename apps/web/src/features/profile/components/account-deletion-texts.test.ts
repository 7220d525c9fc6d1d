import { ACCOUNT_DELETION_CONFIRMATION, message } from '@inscrio/shared';
import { describe, expect, it } from 'vitest';
import en from '@/locales/en/profile.json';
import fr from '@/locales/fr/profile.json';

/*
 * The original product showed the account deletion confirmation in English to French users and the
 * other way round (spec section 8, translation note). Each language's texts must be in that language,
 * and ask for that language's phrase.
 */

const FRENCH_WORDS = [
  'le',
  'la',
  'les',
  'vos',
  'votre',
  'et',
  'de',
  'des',
  'pour',
  'est',
  'sont',
  'mon',
  'saisissez',
];
const ENGLISH_WORDS = ['the', 'your', 'and', 'of', 'for', 'is', 'are', 'my', 'type', 'will', 'be', 'you'];

function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/\{\{\s*\w+\s*\}\}/g, ' ')
    .split(/[^a-zà-ÿ]+/)
    .filter(Boolean);
}

function languageOf(text: string): 'fr' | 'en' | 'unknown' {
  const all = words(text);
  const frenchCount = all.filter((word) => FRENCH_WORDS.includes(word)).length;
  const englishCount = all.filter((word) => ENGLISH_WORDS.includes(word)).length;
  if (frenchCount > englishCount) return 'fr';
  if (englishCount > frenchCount) return 'en';
  return 'unknown';
}

/** Texts long enough to tell their language (titles of two words are checked by their phrase below). */
const sentences = (texts: Record<string, string>) =>
  Object.entries(texts).filter(([, text]) => words(text).length >= 4);

describe('the account deletion texts', () => {
  it('are in French in French', () => {
    for (const [key, text] of sentences(fr.privacy.delete)) {
      expect(languageOf(text), `fr privacy.delete.${key}: ${text}`).toBe('fr');
    }
    expect(fr.privacy.delete.action).toBe('Supprimer mon compte');
    expect(fr.privacy.delete.confirmation.replace('{{phrase}}', ACCOUNT_DELETION_CONFIRMATION.fr)).toBe(
      'Pour confirmer, saisissez SUPPRIMER',
    );
    expect(message('accountDeletionConfirmation', 'fr', { phrase: ACCOUNT_DELETION_CONFIRMATION.fr })).toBe(
      'Saisissez SUPPRIMER pour confirmer la suppression',
    );
  });

  it('are in English in English', () => {
    for (const [key, text] of sentences(en.privacy.delete)) {
      expect(languageOf(text), `en privacy.delete.${key}: ${text}`).toBe('en');
    }
    expect(en.privacy.delete.action).toBe('Delete my account');
    expect(en.privacy.delete.confirmation.replace('{{phrase}}', ACCOUNT_DELETION_CONFIRMATION.en)).toBe(
      'To confirm, type DELETE',
    );
    expect(message('accountDeletionConfirmation', 'en', { phrase: ACCOUNT_DELETION_CONFIRMATION.en })).toBe(
      'Type DELETE to confirm the deletion',
    );
  });

  it("never ask for the other language's phrase", () => {
    const frenchTexts = JSON.stringify(fr.privacy.delete);
    const englishTexts = JSON.stringify(en.privacy.delete);
    expect(frenchTexts).not.toContain(ACCOUNT_DELETION_CONFIRMATION.en);
    expect(englishTexts).not.toContain(ACCOUNT_DELETION_CONFIRMATION.fr);
  });
});
