export { LIST_PATH as ORDERS_LIST_PATH, useRefreshOrders } from './api/orders';
export { AliExpressBindPage } from './components/aliexpress-bind-page';
export { CreateOrderPage } from './components/create-order-page';
export { OrderCenterPage } from './components/order-center-page';
export type { OrderCenterPageProps } from './components/order-center-page';
export { OrderDetailPage } from './components/order-detail-page';
export { PaymentConfirmationPage } from './components/payment-confirmation-page';
export { PlacementToast } from './components/placement-toast';
