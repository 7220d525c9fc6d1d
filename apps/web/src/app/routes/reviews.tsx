export { ReviewsPage as Component } from '@/features/reviews/components/reviews-page';
