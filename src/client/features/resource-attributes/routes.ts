import type { RouteEntry } from '../../routing/types';

const list = () =>
  import(/* webpackChunkName: "resource-attributes" */ './screens/resource-attributes-screen');
const add = () =>
  import(/* webpackChunkName: "resource-attributes" */ './screens/resource-attribute-add-screen');
const edit = () =>
  import(/* webpackChunkName: "resource-attributes" */ './screens/resource-attribute-edit-screen');
const names = () =>
  import(
    /* webpackChunkName: "resource-attributes" */ './screens/resource-attribute-name-translations-screen'
  );

/** spec §2 /resource-attributes (RESOURCE_ATTRIBUTES): add, edit/:resource_attribute_id, name translations. */
export const resourceAttributesRoutes: readonly RouteEntry[] = [
  {
    name: 'r_resource-attributes',
    path: '/resource-attributes',
    title: { code: 'resource-attributes.title', english: 'Resource attributes' },
    permission: ['RESOURCE_ATTRIBUTES', 'read'],
    menu: true,
    surface: 'browser',
    screen: list,
    children: [
      {
        name: 'r_resource-attributes-add',
        path: 'add',
        title: { code: 'resource-attributes.add', english: 'Add resource attribute' },
        permission: ['RESOURCE_ATTRIBUTES', 'create'],
        screen: add,
      },
      {
        name: 'r_resource-attributes-edit',
        path: 'edit/:resource_attribute_id',
        title: { code: 'resource-attributes.edit', english: 'Edit resource attribute' },
        permission: ['RESOURCE_ATTRIBUTES', 'update'],
        screen: edit,
        children: [
          {
            name: 'r_resource-attributes-edit-name-translations',
            path: 'name-translations',
            title: { code: 'resource-attributes.name-translations', english: 'Name translations' },
            permission: ['RESOURCE_ATTRIBUTES', 'update'],
            screen: names,
          },
        ],
      },
    ],
  },
];
