import { APPLICATION_IDS } from '../../../shared/contract/applications';
import type { RouteEntry } from '../../routing/types';
import { preloadGrid } from './grid-requests';

const list = () => import(/* webpackChunkName: "bookings" */ './screens/bookings-screen');
const presets = () => import(/* webpackChunkName: "bookings" */ './screens/presets-screen');
const presetForm = () => import(/* webpackChunkName: "bookings" */ './screens/preset-form-screen');
const bookingForm = () => import(/* webpackChunkName: "bookings" */ './screens/booking-form-screen');
const selectSlots = () => import(/* webpackChunkName: "bookings" */ './screens/select-slots-screen');
const grid = () => import(/* webpackChunkName: "bookings-grid" */ './screens/bookings-grid-screen');
const info = () => import(/* webpackChunkName: "bookings-grid" */ './screens/resource-info-screen');

const title = (code: string, english: string) => ({ code: `bookings.${code}`, english });

/** spec §2 Bookings: permission BOOKINGS or MY_BOOKINGS, documents of application 14, menu preference BOOKINGS. */
const GUARD = {
  permission: 'BOOKINGS,MY_BOOKINGS',
  application: APPLICATION_IDS.bookings,
  menuPreference: 'BOOKINGS',
  surface: 'browser',
} as const;

/** An add or edit screen and its select-slots child. */
function bookingFormRoutes(prefix: string): RouteEntry[] {
  return [
    {
      name: `r_${prefix}-add`,
      path: 'add',
      title: title('add', 'Add booking'),
      screen: bookingForm,
      children: [
        {
          name: `r_${prefix}-add-select-slots`,
          path: 'select-slots',
          title: title('select-slots', 'Select slots'),
          screen: selectSlots,
        },
      ],
    },
    {
      name: `r_${prefix}-edit`,
      path: prefix === 'bookings' ? 'edit/:id' : 'edit/:bookingId',
      title: title('edit', 'Edit booking'),
      screen: bookingForm,
      children: [
        {
          name: `r_${prefix}-edit-select-slots`,
          path: 'select-slots',
          title: title('select-slots', 'Select slots'),
          screen: selectSlots,
        },
      ],
    },
  ];
}

export const bookingsRoutes: readonly RouteEntry[] = [
  {
    name: 'r_bookings',
    path: '/bookings',
    title: title('title', 'Bookings'),
    ...GUARD,
    menu: true,
    screen: list,
    children: [
      {
        name: 'r_bookings-presets',
        path: 'presets',
        title: title('presets', 'Presets'),
        screen: presets,
        children: [
          {
            name: 'r_bookings-presets-add',
            path: 'add',
            title: title('preset-add', 'Add preset'),
            screen: presetForm,
          },
          {
            name: 'r_bookings-presets-edit',
            path: 'edit/:id',
            title: title('preset-edit', 'Edit preset'),
            screen: presetForm,
          },
        ],
      },
      ...bookingFormRoutes('bookings'),
    ],
  },
  {
    name: 'r_bookings-grid',
    path: '/bookings-grid/:presetId',
    title: title('grid', 'Booking grid'),
    ...GUARD,
    screen: grid,
    prefetch: (params, url) =>
      preloadGrid(Number(params.presetId), url.searchParams.get('date') ?? undefined),
    children: [
      {
        name: 'r_bookings-grid-info',
        path: 'info/:resourceId',
        title: title('info', 'Resource'),
        screen: info,
      },
      ...bookingFormRoutes('bookings-grid'),
    ],
  },
];
