import { APPLICATION_IDS } from '../../../shared/contract/applications';
import type { RouteEntry } from '../../routing/types';

const page = () => import(/* webpackChunkName: "one-click" */ './screens/one-click-screen');
const info = () => import(/* webpackChunkName: "one-click" */ './screens/info-screen');
const settings = () => import(/* webpackChunkName: "one-click" */ './screens/settings-screen');
const contacts = () => import(/* webpackChunkName: "one-click" */ './screens/contacts-screen');
const levelPick = () => import(/* webpackChunkName: "one-click" */ './screens/level-pick-screen');
const levelForm = () => import(/* webpackChunkName: "one-click" */ './screens/level-widget-screen');
const setLevels = () => import(/* webpackChunkName: "one-click" */ './screens/set-level-widgets-screen');
const infoForm = () => import(/* webpackChunkName: "one-click" */ './screens/info-form-screen');
const slots = () => import(/* webpackChunkName: "one-click" */ './screens/slots-screen');
const findPerson = () => import(/* webpackChunkName: "one-click" */ './screens/find-person-screen');
// the floor plans are chunks of their own
const map = () => import(/* webpackChunkName: "one-click-map" */ './screens/one-click-map-screen');
const personMap = () => import(/* webpackChunkName: "one-click-map" */ './screens/person-map-screen');

const title = (code: string, english: string) => ({ code: `one-click.${code}`, english });

/** The add, level and set screens of a plan or map widget (spec §2: plan/…, map/…). */
const levelWidgetRoutes = (kind: 'plan' | 'map'): RouteEntry[] => [
  {
    name: `r_one-click-settings-${kind}-add`,
    path: `${kind}/add`,
    title: kind === 'plan' ? title('plan-add', 'Add a plan') : title('map-add', 'Add a map'),
    screen: levelPick,
  },
  {
    name: `r_one-click-settings-${kind}-level`,
    path: `${kind}/level/:levelId`,
    title: kind === 'plan' ? title('plan-level', 'Plan widget') : title('map-level', 'Map widget'),
    screen: levelForm,
  },
  {
    name: `r_one-click-settings-set-${kind}`,
    path: `${kind}/set-${kind}`,
    title: kind === 'plan' ? title('set-plan', 'Your plans') : title('set-map', 'Your maps'),
    screen: setLevels,
  },
];

/**
 * spec §2 One-click (ONE-CLICK, application 12): the page of one-tap widgets, its settings, its slots
 * and maps, find-person and a person's place on the map, and each info widget's own address.
 */
export const oneClickRoutes: readonly RouteEntry[] = [
  {
    name: 'r_one-click',
    path: '/one-click',
    title: title('title', 'One-click'),
    permission: 'ONE-CLICK',
    application: APPLICATION_IDS.oneClick,
    menuPreference: 'ONE_CLICK',
    menu: true,
    surface: 'browser',
    screen: page,
    children: [
      { name: 'r_one-click-info', path: 'info', title: title('info', 'Information'), screen: info },
      {
        name: 'r_one-click-settings',
        path: 'settings',
        title: title('settings', 'One-click settings'),
        screen: settings,
        children: [
          {
            name: 'r_one-click-settings-contacts',
            path: 'contacts',
            title: title('contacts', 'Contacts'),
            screen: contacts,
          },
          ...levelWidgetRoutes('plan'),
          {
            name: 'r_one-click-settings-info-add',
            path: 'info/add',
            title: title('info-add', 'Add information'),
            screen: infoForm,
          },
          {
            name: 'r_one-click-settings-info',
            path: 'info/:infoId',
            title: title('info-edit', 'Edit information'),
            screen: infoForm,
          },
          ...levelWidgetRoutes('map'),
        ],
      },
      {
        name: 'r_one-click-slots',
        path: 'slots',
        title: title('slots', 'Slots'),
        screen: slots,
        children: [{ name: 'r_one-click-slots-maps', path: 'maps', title: title('map', 'Map'), screen: map }],
      },
      {
        name: 'r_one-click-person-map',
        path: 'person-map',
        title: title('person-map', 'Where they sit'),
        screen: personMap,
      },
      {
        name: 'r_one-click-find-person',
        path: 'find-person',
        title: title('find-person', 'Find a person'),
        screen: findPerson,
        children: [
          {
            name: 'r_one-click-find-person-map',
            path: 'map',
            title: title('person-map', 'Where they sit'),
            screen: personMap,
          },
        ],
      },
      { name: 'r_one-click-map-page', path: 'map', title: title('map', 'Map'), screen: map },
      { name: 'r_one-click-link', path: ':urlLinkName', title: title('info', 'Information'), screen: info },
    ],
  },
];
