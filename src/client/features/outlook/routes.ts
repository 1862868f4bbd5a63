import type { RouteEntry } from '../../routing/types';

const title = (code: string, english: string) => ({ code: `outlook.${code}`, english });
const landing = () => import(/* webpackChunkName: "outlook" */ './screens/outlook-screen');
const info = () => import(/* webpackChunkName: "outlook" */ './screens/room-info-screen');
const duration = () => import(/* webpackChunkName: "outlook" */ './screens/duration-screen');
const addResource = () => import(/* webpackChunkName: "outlook" */ './screens/add-resource-screen');
const recurrence = () => import(/* webpackChunkName: "outlook" */ './screens/recurrence-screen');
const places = () => import(/* webpackChunkName: "outlook" */ './screens/places-screen');
const meetings = () => import(/* webpackChunkName: "outlook" */ './screens/booked-meetings-screen');
// Catering reads the services' order form: a chunk of its own, loaded when opened.
const services = () => import(/* webpackChunkName: "outlook-services" */ './screens/services-screen');
// Advanced search reads the plan's levels and draws floor plans: a chunk of its own.
const search = () => import(/* webpackChunkName: "outlook-search" */ './screens/advanced-search-screen');
const searchMap = () =>
  import(/* webpackChunkName: "outlook-search" */ './screens/advanced-search-map-screen');

/**
 * spec §2 "Outlook add-in" (add-in flag, login): the task pane's meeting, its free rooms, a room's
 * details, the meeting's duration, advanced search with its map, booking a room, the series; and
 * the rooms the user's meetings hold; a desk or parking place for the meeting day. The pane's menu
 * lists those marked `menu`, and nothing else: the browser app's screens cannot render in its
 * memory router.
 */
export const outlookRoutes: readonly RouteEntry[] = [
  {
    name: 'r_outlook',
    path: '/outlook',
    surface: 'addin',
    title: title('title', 'Workplace'),
    menu: true,
    menuTitle: title('menu-book', 'Book a room'),
    screen: landing,
    children: [
      { name: 'r_outlook-info', path: 'info/:resource_id', title: title('info', 'Room'), screen: info },
      {
        name: 'r_outlook-duration',
        path: 'duration',
        title: title('duration', 'Duration'),
        screen: duration,
      },
      {
        name: 'r_outlook-advanced-search',
        path: 'advanced-search',
        title: title('advanced-search', 'Advanced search'),
        menu: true,
        screen: search,
        children: [
          {
            name: 'r_outlook-advanced-search-duration',
            path: 'duration',
            title: title('duration', 'Duration'),
            screen: duration,
          },
          {
            name: 'r_outlook-advanced-search-info',
            path: 'info/:resource_id',
            title: title('info', 'Room'),
            screen: info,
          },
          {
            name: 'r_outlook-advanced-search-map',
            path: 'map',
            title: title('map', 'Map'),
            screen: searchMap,
          },
        ],
      },
      {
        name: 'r_outlook-add-resource',
        path: 'add-resource',
        title: title('add-resource', 'Book a room'),
        screen: addResource,
      },
      {
        name: 'r_outlook-meetings',
        path: 'meetings',
        title: title('meetings', 'Your booked rooms'),
        menu: true,
        screen: meetings,
      },
      {
        name: 'r_outlook-places',
        path: 'places',
        title: title('places', 'Desk or parking'),
        menu: true,
        screen: places,
      },
      {
        name: 'r_outlook-recurrence',
        path: 'recurrence',
        title: title('recurrence', 'Occurrences'),
        screen: recurrence,
      },
      {
        name: 'r_outlook-services',
        path: 'services',
        title: title('services.title', 'Catering and services'),
        screen: services,
      },
    ],
  },
];
