import { lazy, Suspense } from 'react';
import { MainLayout } from '@/components/layouts/main-layout';
import { CartButton } from '@/features/cart';
import { useMediaQuery, WIDE_LAYOUT_QUERY } from '@/components/layouts/use-media-query';
import { FamilyOnboardingOverlay } from '@/features/onboarding';

/*
 * The documents feature (its page, the certificates' panels) loads with this dialog, after the layout:
 * imported eagerly it weighed on every page's first load, the login page's included.
 */
const PendingConditionsDialog = lazy(() =>
  import('@/features/documents').then((feature) => ({ default: feature.PendingConditionsDialog })),
);

/**
 * The main layout, with the family onboarding overlay over any of its pages (spec section 2 'Other UI'),
 * the dialog asking to accept a new ROI or legal mentions, and the family's cart in its header.
 */
export function Component() {
  return (
    <>
      <MainLayout headerActions={<CartButtonFor />} />
      <FamilyOnboardingOverlay />
      <Suspense fallback={null}>
        <PendingConditionsDialog />
      </Suspense>
    </>
  );
}

/** The cart button: in the top bar on narrow screens, floating at the top right on wide ones. */
function CartButtonFor() {
  return <CartButton floating={useMediaQuery(WIDE_LAYOUT_QUERY)} />;
}
