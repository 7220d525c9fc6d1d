export { ReviewsPage as Component } from '@/features/reviews';
