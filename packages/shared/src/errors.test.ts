import { describe, expect, it } from 'vitest';
import { REGISTRATION_REFUSALS } from './api/registration.schema';
import {
  ERROR_CODES,
  ERRORS,
  errorStatus,
  errorText,
  isErrorCode,
  REFUSAL_CODES,
  refusalText,
} from './errors';
import { LOCALES } from './locale';

describe('the error catalogue', () => {
  it.each(ERROR_CODES)('%s has a status among 400–503 and a French and an English text', (code) => {
    const entry = ERRORS[code];
    expect(entry.status).toBeGreaterThanOrEqual(400);
    expect(entry.status).toBeLessThanOrEqual(503);
    const example = 'example' in entry ? entry.example : undefined;
    for (const locale of LOCALES) {
      const text = errorText(code, locale, example as never);
      expect(text.trim().length, `${code} ${locale}`).toBeGreaterThan(0);
      // Every fact the text quotes is filled.
      expect(text).not.toMatch(/undefined|null|\[object Object\]|\{\w+\}/);
    }
    expect(errorText(code, 'fr', example as never)).not.toBe(errorText(code, 'en', example as never));
  });

  it('names codes in snake_case, and knows its own', () => {
    for (const code of ERROR_CODES) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
    expect(isErrorCode('session_full')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode('nonsense')).toBe(false);
  });

  it('gives the business refusals their own code and a 409, the generic conflict apart', () => {
    expect(errorStatus('session_full')).toBe(409);
    expect(errorStatus('already_registered')).toBe(409);
    expect(errorStatus('invoice_already_paid')).toBe(409);
    expect(errorText('invoice_already_paid', 'fr')).toBe('Cette facture est déjà payée');
    expect(errorText('conflict', 'fr')).toBe('Cette opération est en conflit avec l’état actuel.');
  });

  it('words a refusal with the facts of the case, or shortly without them', () => {
    expect(errorText('session_full', 'fr')).toBe('Cette séance est complète.');
    expect(
      errorText('session_full', 'fr', { activityName: 'Natation', sessionStart: '14/03/2027 10:00' }),
    ).toBe('La séance Natation du 14/03/2027 10:00 est complète.');
    expect(errorText('seats_below_reserved', 'fr', { reserved: 12 })).toBe(
      'Le nombre de places ne peut pas être inférieur aux 12 places déjà réservées',
    );
    expect(errorText('member_has_future_registrations', 'en', { count: 1 })).toContain(
      'registered for 1 upcoming session. If you remove them from your family, this registration will be',
    );
  });

  it('agrees a registration refusal with the member’s gender and standing', () => {
    const facts = { memberName: 'Léa', activityName: 'Natation', sessionStart: '14/03/2027 10:00' };
    expect(refusalText('already-registered', 'fr', { ...facts, gender: 'F' })).toBe(
      'Léa est déjà inscrite à la séance Natation du 14/03/2027 10:00.',
    );
    expect(refusalText('already-registered', 'fr', { ...facts, gender: null, standing: 'invited' })).toBe(
      'Léa est déjà invité(e) à la séance Natation du 14/03/2027 10:00.',
    );
    expect(refusalText('already-registered', 'en', { ...facts, standing: 'cart' })).toBe(
      'Léa already has this session in the cart (Natation of 14/03/2027 10:00).',
    );
    expect(refusalText('conditions-not-accepted', 'fr', { which: 'legalMentions' })).toBe(
      "Vous devez accepter les mentions légales de l'organisation avant d'inscrire un membre.",
    );
  });

  it('maps every registration refusal reason to a code of the catalogue', () => {
    for (const reason of REGISTRATION_REFUSALS) expect(isErrorCode(REFUSAL_CODES[reason])).toBe(true);
  });
});
