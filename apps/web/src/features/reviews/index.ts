/* The reviews feature's public face: its page. */
export { ReviewsPage } from './components/reviews-page';
