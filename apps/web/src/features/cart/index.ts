/* The cart feature's public face: the button of the main layout. */
export { CartButton } from './components/cart-button';
