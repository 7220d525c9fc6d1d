export { OrdersPage as Component } from '@/features/orders';
