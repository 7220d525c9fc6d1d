import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, LOCALES, isLocale, resolveLocale } from './locale';

describe('locale constants', () => {
  it('supports French and English, French by default', () => {
    expect(LOCALES).toEqual(['fr', 'en']);
    expect(DEFAULT_LOCALE).toBe('fr');
  });

  it('recognises only supported locales', () => {
    expect(isLocale('fr')).toBe(true);
    expect(isLocale('en')).toBe(true);
    for (const value of ['FR', 'en-US', 'de', '', null, undefined, 1]) expect(isLocale(value)).toBe(false);
  });
});

describe('resolveLocale', () => {
  it.each([
    [undefined, 'fr'],
    [null, 'fr'],
    ['', 'fr'],
    ['   ', 'fr'],
    [',,;', 'fr'],
  ])('defaults to French for missing input %j', (input, expected) => {
    expect(resolveLocale(input)).toBe(expected);
  });

  it.each([
    ['en', 'en'],
    ['fr', 'fr'],
    ['en-US', 'en'],
    ['EN-gb', 'en'],
    ['fr-BE', 'fr'],
    ['fr_LU', 'fr'],
    ['en_US', 'en'],
    ['de', 'fr'],
    ['nl-BE', 'fr'],
    ['english', 'fr'],
  ])('reads the bare code %j as %j', (input, expected) => {
    expect(resolveLocale(input)).toBe(expected);
  });

  it.each([
    ['en-US,en;q=0.9,fr;q=0.8', 'en'],
    ['fr-BE,fr;q=0.9,en;q=0.8', 'fr'],
    ['de-DE,de;q=0.9,en;q=0.8,fr;q=0.7', 'en'],
    ['de-DE,de;q=0.9,fr;q=0.7,en;q=0.8', 'en'],
    ['fr;q=0.5,en;q=0.8', 'en'],
    ['en;q=0.8,fr;q=0.8', 'en'],
    ['fr;q=0.8,en;q=0.8', 'fr'],
    ['nl;q=1, en ; q=0.3 , fr ; q=0.2', 'en'],
    ['  en-US ; q=0.9 , fr;q=0.1', 'en'],
    ['en;Q=0.9,fr;q=0.5', 'en'],
    ['en;q=1.000,fr', 'en'],
  ])('picks by quality in %j', (input, expected) => {
    expect(resolveLocale(input)).toBe(expected);
  });

  it('treats q=0 as not acceptable', () => {
    expect(resolveLocale('en;q=0,fr;q=0.1')).toBe('fr');
    expect(resolveLocale('fr;q=0,en;q=0.1')).toBe('en');
    expect(resolveLocale('en;q=0')).toBe('fr');
    expect(resolveLocale('en;q=0.000')).toBe('fr');
  });

  it('ignores ranges with a malformed quality', () => {
    expect(resolveLocale('en;q=abc,fr;q=0.1')).toBe('fr');
    expect(resolveLocale('fr;q=1.5,en;q=0.1')).toBe('en');
    expect(resolveLocale('fr;q=0.1234,en;q=0.1')).toBe('en');
    expect(resolveLocale('fr;q=-1,en;q=0.1')).toBe('en');
    expect(resolveLocale('en;q=')).toBe('fr');
  });

  it('keeps ranges whose other parameters are unknown', () => {
    expect(resolveLocale('en;level=1;q=0.9,fr;q=0.5')).toBe('en');
  });

  it('answers the default locale for a wildcard ranked before any supported language', () => {
    expect(resolveLocale('*')).toBe('fr');
    expect(resolveLocale('de,*;q=0.5,en;q=0.4')).toBe('fr');
    expect(resolveLocale('de,en;q=0.5,*;q=0.4')).toBe('en');
  });
});
