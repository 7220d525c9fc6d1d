import { MainLayout } from '@/components/layouts/main-layout';
import { FamilyOnboardingOverlay } from '@/features/onboarding/components/family-onboarding-overlay';

/** The main layout, with the family onboarding overlay over any of its pages (spec section 2 'Other UI'). */
export function Component() {
  return (
    <>
      <MainLayout />
      <FamilyOnboardingOverlay />
    </>
  );
}
