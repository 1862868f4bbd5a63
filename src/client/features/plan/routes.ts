import { APPLICATION_IDS } from '../../../shared/contract/applications';
import type { RouteEntry } from '../../routing/types';

const picker = () => import(/* webpackChunkName: "plan" */ './screens/location-screen');
const resources = () => import(/* webpackChunkName: "plan" */ './screens/plan-resources-screen');
const filters = () => import(/* webpackChunkName: "plan" */ './screens/plan-filters-screen');
const levelSlots = () => import(/* webpackChunkName: "plan" */ './screens/level-slots-screen');
const resourceSlots = () => import(/* webpackChunkName: "plan" */ './screens/resource-slots-screen');
// leaflet is heavy: the map is a chunk of its own.
const map = () => import(/* webpackChunkName: "plan-map" */ './screens/plan-map-screen');

const title = (code: string, english: string) => ({ code: `plan.${code}`, english });

/**
 * spec §2 Plan (PLAN, documents of the plan application, menu preference PLAN): the location picker,
 * a level's resources with their filters, the slots of a level or a resource, the floor map.
 */
export const planRoutes: readonly RouteEntry[] = [
  {
    name: 'r_plan',
    path: '/plan/:plan_level_id?',
    title: title('title', 'Plan'),
    permission: 'PLAN',
    application: APPLICATION_IDS.plan,
    menuPreference: 'PLAN',
    menu: true,
    surface: 'browser',
    screen: picker,
    children: [
      {
        name: 'r_plan-resources',
        path: 'resources',
        title: title('resources', 'Resources'),
        screen: resources,
        children: [
          {
            name: 'r_plan-resources-search-filters',
            path: 'search-filters',
            title: title('search-filters', 'Search filters'),
            screen: filters,
          },
          {
            name: 'r_plan-resources-slots',
            path: 'slots',
            title: title('slots', 'Slots'),
            screen: levelSlots,
            children: [{ name: 'r_plan-maps-slots', path: 'maps', title: title('map', 'Map'), screen: map }],
          },
          { name: 'r_plan-maps', path: 'maps', title: title('map', 'Map'), screen: map },
          {
            name: 'r_plan-resources-resource',
            path: 'resource/:resource_id',
            title: title('slots', 'Slots'),
            screen: resourceSlots,
          },
        ],
      },
      {
        name: 'r_plan-slots',
        path: 'slots',
        title: title('slots', 'Slots'),
        screen: resourceSlots,
        children: [{ name: 'r_plan-slots-maps', path: 'maps', title: title('map', 'Map'), screen: map }],
      },
      {
        name: 'r_plan-level',
        path: 'location/:level_id',
        title: title('location', 'Location'),
        screen: picker,
      },
    ],
  },
];
