/* The orders feature's public face: its pages, and the orders list pieces a member's page shows. */
export { ORDERS_PAGE_SIZE, useOrders } from './api/get-orders';
export { OpenOrders } from './components/open-orders';
export { OrderPage } from './components/order-page';
export { OrderRow } from './components/order-row';
export { OrdersPage } from './components/orders-page';
