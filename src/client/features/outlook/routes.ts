import type { RouteEntry } from '../../routing/types';

/** spec §2 "Outlook add-in": the task pane's landing. Booking from Outlook comes later. */
export const outlookRoutes: readonly RouteEntry[] = [
  {
    name: 'r_outlook',
    path: '/outlook',
    surface: 'addin',
    title: { code: 'outlook.title', english: 'Workplace' },
    screen: () => import(/* webpackChunkName: "outlook" */ './screens/outlook-screen'),
  },
];
