import { type KeyAvailability, organizationKeyCandidates, organizationKeyProblem } from '@inscrio/shared';
import type { OnboardingRepository } from './onboarding.repository';

/** At most this many free keys are proposed instead of a taken or reserved one. */
export const MAX_KEY_SUGGESTIONS = 3;

/**
 * The free keys to propose instead of `key` (taken or reserved): the candidates of the shared rules
 * (`organizationKeyCandidates`: key-city, key-2…) that no organisation has, best first.
 */
export async function freeKeySuggestions(
  repository: OnboardingRepository,
  key: string,
  city?: string | null,
): Promise<string[]> {
  const candidates = organizationKeyCandidates(key, city);
  const taken = await repository.takenKeys(candidates);
  return candidates.filter((candidate) => !taken.has(candidate)).slice(0, MAX_KEY_SUGGESTIONS);
}

/** Whether a new organisation may take `key`, and why not, with free suggestions. */
export async function keyAvailability(
  repository: OnboardingRepository,
  raw: string,
): Promise<KeyAvailability> {
  const key = raw.trim();
  const problem = organizationKeyProblem(key);
  if (problem === 'invalid') {
    const suggestions = key ? await freeKeySuggestions(repository, key) : [];
    return { key, available: false, reason: 'invalid', suggestions };
  }
  if (problem === 'reserved') {
    return {
      key,
      available: false,
      reason: 'reserved',
      suggestions: await freeKeySuggestions(repository, key),
    };
  }
  if ((await repository.takenKeys([key])).has(key)) {
    return { key, available: false, reason: 'taken', suggestions: await freeKeySuggestions(repository, key) };
  }
  return { key, available: true, reason: null, suggestions: [] };
}
