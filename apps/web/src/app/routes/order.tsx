export { OrderPage as Component } from '@/features/orders';
