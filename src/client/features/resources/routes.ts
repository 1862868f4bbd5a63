import type { RouteEntry } from '../../routing/types';
import { EDIT_PART_TITLES, EDIT_PARTS_IN_ORDER, type EditPart } from './edit-parts';
import { resourceSettingsRoutes } from './settings/routes';
import { WIZARD_STEPS, type WizardStep } from './wizard-steps';

const list = () => import(/* webpackChunkName: "resources" */ './screens/resources-screen');
const filters = () => import(/* webpackChunkName: "resources" */ './screens/resource-filters-screen');
const add = () => import(/* webpackChunkName: "resources" */ './screens/resource-add-screen');
const hub = () => import(/* webpackChunkName: "resources" */ './screens/resource-edit-screen');

const STEP_SCREENS: Record<WizardStep, RouteEntry['screen']> = {
  level: () => import(/* webpackChunkName: "resources" */ './screens/add-steps/level-step'),
  type: () => import(/* webpackChunkName: "resources" */ './screens/add-steps/type-step'),
  capacity: () => import(/* webpackChunkName: "resources" */ './screens/add-steps/capacity-step'),
  description: () => import(/* webpackChunkName: "resources" */ './screens/add-steps/description-step'),
  model: () => import(/* webpackChunkName: "resources" */ './screens/add-steps/model-step'),
  'select-function': () => import(/* webpackChunkName: "resources" */ './screens/add-steps/function-step'),
  'name-translations': () => import(/* webpackChunkName: "resources" */ './screens/add-steps/names-step'),
};

/** The edit hub's own sub-screens (the settings ones come from ./settings/routes). */
const EDIT_PARTS: Record<EditPart, RouteEntry['screen']> = {
  level: () => import(/* webpackChunkName: "resources" */ './screens/edit-parts/level-part'),
  type: () => import(/* webpackChunkName: "resources" */ './screens/edit-parts/type-part'),
  capacity: () => import(/* webpackChunkName: "resources" */ './screens/edit-parts/capacity-part'),
  description: () => import(/* webpackChunkName: "resources" */ './screens/edit-parts/description-part'),
  model: () => import(/* webpackChunkName: "resources" */ './screens/edit-parts/model-part'),
  'name-translations': () => import(/* webpackChunkName: "resources" */ './screens/edit-parts/names-part'),
  attributes: () => import(/* webpackChunkName: "resources" */ './screens/edit-parts/attributes-part'),
};

const READ = ['RESOURCES', 'read'] as const;
const UPDATE = ['RESOURCES', 'update'] as const;
const CREATE = ['RESOURCES', 'create'] as const;

/**
 * spec §2 /resources (RESOURCES): the list with its search filters, add in steps (create), and one
 * resource's edit hub with a sub-screen per part.
 */
export const resourcesRoutes: readonly RouteEntry[] = [
  {
    name: 'r_resources',
    path: '/resources',
    title: { code: 'resources.title', english: 'Resources' },
    permission: READ,
    menu: true,
    surface: 'browser',
    screen: list,
    children: [
      {
        name: 'r_resources-search-filters',
        path: 'search-filters',
        title: { code: 'resources.search-filters', english: 'Search filters' },
        permission: READ,
        screen: filters,
      },
      {
        name: 'r_resources-add',
        path: 'add',
        title: { code: 'resources.add', english: 'Add resource' },
        permission: CREATE,
        screen: add,
        children: WIZARD_STEPS.map((step) => ({
          name: `r_resources-add-${step}` as const,
          path: step,
          // The header says what is being done; the step names itself on the screen.
          title: { code: 'resources.add', english: 'Add resource' },
          permission: CREATE,
          screen: STEP_SCREENS[step],
        })),
      },
      {
        name: 'r_resources-edit',
        path: 'edit/:resource_id',
        title: { code: 'resources.edit', english: 'Edit resource' },
        permission: READ,
        screen: hub,
        children: [
          ...EDIT_PARTS_IN_ORDER.map((part) => ({
            name: `r_resources-edit-${part}` as const,
            path: part,
            title: { code: `resources.part.${part}`, english: EDIT_PART_TITLES[part] },
            permission: UPDATE,
            screen: EDIT_PARTS[part],
          })),
          ...resourceSettingsRoutes,
        ],
      },
    ],
  },
];
