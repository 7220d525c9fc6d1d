import type { LicencePlan } from '@inscrio/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface PricingPlan {
  key: LicencePlan;
  name: string;
  monthlyFeeCents: number;
  participantFeeCents: number;
  trialDays: number;
  nextPlanKey: LicencePlan | null;
}

/** `GET /licences/pricing-plans` (system administrator). */
export const pricingPlansQuery = () =>
  queryOptions({
    queryKey: ['licences', 'pricing-plans'],
    queryFn: ({ signal }) => api.get<PricingPlan[]>('/licences/pricing-plans', { signal }),
    staleTime: 5 * 60_000,
  });

export const usePricingPlans = () => useQuery(pricingPlansQuery());
