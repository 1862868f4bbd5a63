import { APPLICATION_IDS } from '../../../shared/contract/applications';
import type { RouteEntry } from '../../routing/types';

const passes = () => import(/* webpackChunkName: "passes" */ './screens/passes-screen');

/**
 * spec §2 Plan /pass/{pass_id?} (PLAN, documents of the plan application, menu preference PLAN):
 * my space passes, or one of them. A pass is the holder's proof of a booking (see
 * shared/booking/pass-status.ts); reception reads one from its QR code through /actions.
 */
export const passesRoutes: readonly RouteEntry[] = [
  {
    name: 'r_pass',
    path: '/pass/:pass_id?',
    title: { code: 'passes.title', english: 'Space passes' },
    permission: 'PLAN',
    application: APPLICATION_IDS.plan,
    menuPreference: 'PLAN',
    menu: true,
    surface: 'browser',
    screen: passes,
  },
];
