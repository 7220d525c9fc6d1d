import type { OnboardingAchievement } from '@inscrio/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { User } from '@/lib/api-types';
import { setUser } from '@/lib/auth-store';

/** `POST /me/onboarding-achievements?achievement=`: records a step; answers the updated user. */
export function addOnboardingAchievement(achievement: OnboardingAchievement): Promise<User> {
  return api.post<User>('/me/onboarding-achievements', undefined, { query: { achievement } });
}

export function useAddOnboardingAchievement() {
  return useMutation({
    mutationFn: addOnboardingAchievement,
    meta: { silent: true },
    // The stored user carries the achievements: the overlay reads them from there.
    onSuccess: (user) => setUser(user),
  });
}
