import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface PricingPlan {
  key: string;
  name: string;
  monthlyFeeCents: number;
  participantFeeCents: number;
  trialDays: number;
  nextPlanKey: string | null;
}

/** `GET /platform/settings`: the pricing plans (system administrators). */
export const usePlatformSettings = (enabled: boolean) =>
  useQuery({
    queryKey: ['platform', 'settings'],
    queryFn: ({ signal }) => api.get<{ pricingPlans: PricingPlan[] }>('/platform/settings', { signal }),
    enabled,
    meta: { silent: true },
  });
