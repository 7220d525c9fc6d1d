export { OrderPage as Component } from '@/features/orders/components/order-page';
