import type { RouteEntry } from '../../routing/types';

const actions = () => import(/* webpackChunkName: "actions" */ './screens/actions-screen');

/**
 * spec §2 General /actions/{declaration_id} (login): a booking's check-in, check-out, extend and
 * cancel, opened from a link (an e-mail, a space pass's QR code). The server decides who may see
 * the booking (its host, or BOOKINGS read) and which actions are open.
 */
export const actionsRoutes: readonly RouteEntry[] = [
  {
    name: 'r_actions',
    path: '/actions/:declaration_id',
    title: { code: 'actions.title', english: 'Booking actions' },
    surface: 'browser',
    screen: actions,
  },
];
