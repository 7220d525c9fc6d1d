import { describe, expect, it } from 'vitest';
import {
  organizationKeyCandidates,
  organizationKeyFromName,
  organizationKeyProblem,
  RESERVED_ORGANIZATION_KEYS,
  slugifyOrganizationKey,
  timeZoneOfCountry,
} from './organization-key';

describe('organisation keys', () => {
  it.each([
    ['Club de Natation', 'club-de-natation'],
    ['École de musique Saint-Gilles', 'ecole-de-musique-saint-gilles'],
    ['  Ça va   bien !! ', 'ca-va-bien'],
    ['Œuvres & Cœurs', 'oeuvres-coeurs'],
    ['Straße 12', 'strasse-12'],
    ['---', ''],
  ])('slugifies %j as %j', (name, key) => {
    expect(slugifyOrganizationKey(name)).toBe(key);
  });

  it('cuts a long name to 40 characters without a trailing hyphen', () => {
    const key = slugifyOrganizationKey('Association sportive des amis de la natation de Bruxelles');
    expect(key.length).toBeLessThanOrEqual(40);
    expect(key).not.toMatch(/-$/);
    expect(organizationKeyProblem(key)).toBeNull();
  });

  it('lengthens a name too short for a key', () => {
    expect(organizationKeyFromName('AB')).toBe('club-ab');
    expect(organizationKeyFromName('Les Dauphins')).toBe('les-dauphins');
    expect(organizationKeyFromName('!!')).toBe('');
  });

  it.each([
    ['abc', null],
    ['club-2', null],
    ['ab', 'invalid'],
    ['Club', 'invalid'],
    ['-club', 'invalid'],
    ['club-', 'invalid'],
    ['a'.repeat(41), 'invalid'],
    ['admin', 'reserved'],
    ['www', 'reserved'],
    ['onboarding', 'reserved'],
  ])('judges %j: %j', (key, problem) => {
    expect(organizationKeyProblem(key)).toBe(problem);
  });

  it('keeps the documented reserved keys', () => {
    for (const key of ['admin', 'www', 'api', 'app', 'mail', 'static', 'assets', 'support', 'help', 'status'])
      expect(RESERVED_ORGANIZATION_KEYS.has(key), key).toBe(true);
  });

  it('proposes well-formed candidates, the city first', () => {
    const candidates = organizationKeyCandidates('dauphins', 'Liège');
    expect(candidates[0]).toBe('dauphins-liege');
    expect(candidates).toContain('dauphins-2');
    expect(candidates).toContain('club-dauphins');
    for (const candidate of candidates) expect(organizationKeyProblem(candidate)).toBeNull();
    expect(candidates).not.toContain('dauphins');
  });

  it('proposes candidates for a reserved or 40-character key', () => {
    expect(organizationKeyCandidates('admin')[0]).toBe('admin-2');
    for (const candidate of organizationKeyCandidates('a'.repeat(40))) {
      expect(candidate.length).toBeLessThanOrEqual(40);
      expect(organizationKeyProblem(candidate)).toBeNull();
    }
  });

  it('sets the time zone from the country', () => {
    expect(timeZoneOfCountry('BEL')).toBe('Europe/Brussels');
    expect(timeZoneOfCountry('FRA')).toBe('Europe/Paris');
    expect(timeZoneOfCountry('LUX')).toBe('Europe/Luxembourg');
  });
});
