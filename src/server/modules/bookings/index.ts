export { registerBookingRoutes } from './bookings.routes';
