import { MainLayout } from '@/components/layouts/main-layout';
import { CartButton } from '@/features/cart';
import { useMediaQuery, WIDE_LAYOUT_QUERY } from '@/components/layouts/use-media-query';
import { FamilyOnboardingOverlay } from '@/features/onboarding';
import { PendingConditionsDialog } from '@/features/documents';

/**
 * The main layout, with the family onboarding overlay over any of its pages (spec section 2 'Other UI'),
 * the dialog asking to accept a new ROI or legal mentions, and the family's cart in its header.
 */
export function Component() {
  return (
    <>
      <MainLayout headerActions={<CartButtonFor />} />
      <FamilyOnboardingOverlay />
      <PendingConditionsDialog />
    </>
  );
}

/** The cart button: in the top bar on narrow screens, floating at the top right on wide ones. */
function CartButtonFor() {
  return <CartButton floating={useMediaQuery(WIDE_LAYOUT_QUERY)} />;
}
