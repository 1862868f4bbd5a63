export { registerServiceRoutes } from './services.routes';
export { serviceOrdersChanged } from './services.notify';
export { placeOrder } from './place-order';
export { orderTotalsOf } from './order-totals.queries';
export { detachOrders, pairReplacements, reattachOrders } from './carry-orders';
export { providerScope } from './provider-scope';
