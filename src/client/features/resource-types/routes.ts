import type { RouteEntry } from '../../routing/types';

const list = () => import(/* webpackChunkName: "resource-types" */ './screens/resource-types-screen');
const add = () => import(/* webpackChunkName: "resource-types" */ './screens/resource-type-add-screen');
const edit = () => import(/* webpackChunkName: "resource-types" */ './screens/resource-type-edit-screen');
const names = () =>
  import(/* webpackChunkName: "resource-types" */ './screens/resource-type-name-translations-screen');

/** spec §2 /resource-types (RESOURCE_TYPES): add, edit/:resource_type_id, name translations. */
export const resourceTypesRoutes: readonly RouteEntry[] = [
  {
    name: 'r_resource-types',
    path: '/resource-types',
    title: { code: 'resource-types.title', english: 'Resource types' },
    permission: ['RESOURCE_TYPES', 'read'],
    menu: true,
    surface: 'browser',
    screen: list,
    children: [
      {
        name: 'r_resource-types-add',
        path: 'add',
        title: { code: 'resource-types.add', english: 'Add resource type' },
        permission: ['RESOURCE_TYPES', 'create'],
        screen: add,
      },
      {
        name: 'r_resource-types-edit',
        path: 'edit/:resource_type_id',
        title: { code: 'resource-types.edit', english: 'Edit resource type' },
        permission: ['RESOURCE_TYPES', 'update'],
        screen: edit,
        children: [
          {
            name: 'r_resource-types-edit-name-translations',
            path: 'name-translations',
            title: { code: 'resource-types.name-translations', english: 'Name translations' },
            permission: ['RESOURCE_TYPES', 'update'],
            screen: names,
          },
        ],
      },
    ],
  },
];
