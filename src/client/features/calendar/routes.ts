import { APPLICATION_IDS } from '../../../shared/contract/applications';
import type { RouteEntry } from '../../routing/types';

const calendar = () => import(/* webpackChunkName: "calendar" */ './screens/calendar-screen');

/** spec §2 Plan: /calendar, the user's bookings (PLAN, documents of the plan application, menu preference PLAN). */
export const calendarRoutes: readonly RouteEntry[] = [
  {
    name: 'r_calendar',
    path: '/calendar',
    title: { code: 'calendar.title', english: 'Calendar' },
    permission: 'PLAN',
    application: APPLICATION_IDS.plan,
    menuPreference: 'PLAN',
    menu: true,
    surface: 'browser',
    screen: calendar,
  },
];
