import type { RouteEntry } from '../../routing/types';
import { ACCESS_KINDS } from './kinds';

const containers = () => import(/* webpackChunkName: "access" */ './screens/containers-screen');
const containerAdd = () => import(/* webpackChunkName: "access" */ './screens/container-add-screen');
const containerEdit = () => import(/* webpackChunkName: "access" */ './screens/container-edit-screen');
const roles = () => import(/* webpackChunkName: "access" */ './screens/roles-screen');
const roleAdd = () => import(/* webpackChunkName: "access" */ './screens/role-add-screen');
const roleEdit = () => import(/* webpackChunkName: "access" */ './screens/role-edit-screen');
const permissions = () => import(/* webpackChunkName: "access" */ './screens/permissions-screen');
const permissionEdit = () => import(/* webpackChunkName: "access" */ './screens/permission-edit-screen');
const mega = () => import(/* webpackChunkName: "access" */ './screens/mega-containers-screen');
const megaEdit = () => import(/* webpackChunkName: "access" */ './screens/mega-container-edit-screen');
const check = () => import(/* webpackChunkName: "access" */ './screens/access-check-screen');

/** spec §2 containers-*, roles-*, permissions-*, containers-mega, and "why can't I book this?". */
export const accessRoutes: readonly RouteEntry[] = [
  ...ACCESS_KINDS.flatMap((kind): RouteEntry[] => [
    {
      name: `r_${kind.containers}`,
      path: `/${kind.containers}`,
      title: { code: `access.${kind.label}.containers`, english: kind.english.containers },
      permission: [kind.containerPermission, 'read'],
      menu: true,
      surface: 'browser',
      screen: containers,
      children: [
        {
          name: `r_${kind.containers}-add`,
          path: 'add',
          title: { code: 'access.containers.add', english: 'Add container' },
          permission: [kind.containerPermission, 'create'],
          screen: containerAdd,
        },
        {
          name: `r_${kind.containers}-edit`,
          path: 'edit/:container_id',
          title: { code: 'access.containers.edit', english: 'Edit container' },
          permission: [kind.containerPermission, 'read'],
          screen: containerEdit,
        },
      ],
    },
    {
      name: `r_${kind.roles}`,
      path: `/${kind.roles}`,
      title: { code: `access.${kind.label}.roles`, english: kind.english.roles },
      permission: [kind.rolePermission, 'read'],
      menu: true,
      surface: 'browser',
      screen: roles,
      children: [
        {
          name: `r_${kind.roles}-add`,
          path: 'add',
          title: { code: 'access.roles.add', english: 'Add role' },
          permission: [kind.rolePermission, 'create'],
          screen: roleAdd,
        },
        {
          name: `r_${kind.roles}-edit`,
          path: 'edit/:role_id',
          title: { code: 'access.roles.edit', english: 'Edit role' },
          permission: [kind.rolePermission, 'read'],
          screen: roleEdit,
        },
      ],
    },
    ...(kind.permissions
      ? [
          {
            name: `r_${kind.permissions}`,
            path: `/${kind.permissions}`,
            title: { code: `access.${kind.label}.permissions`, english: kind.english.permissions },
            permission: [kind.rolePermission, 'read'],
            menu: true,
            surface: 'browser',
            screen: permissions,
            children: [
              {
                name: `r_${kind.permissions}-edit-permission`,
                path: 'edit-permission/:permission_id',
                title: { code: 'access.permissions.edit', english: 'Edit permission' },
                permission: [kind.rolePermission, 'read'],
                screen: permissionEdit,
              },
            ],
          } satisfies RouteEntry,
        ]
      : []),
  ]),
  {
    name: 'r_containers-mega',
    path: '/containers-mega',
    title: { code: 'access.mega.title', english: 'Mega containers' },
    permission: ['MEGA_CONTAINERS', 'read'],
    menu: true,
    surface: 'browser',
    screen: mega,
    children: [
      {
        name: 'r_containers-mega-edit',
        path: 'edit/:mega_container_id',
        title: { code: 'access.mega.edit', english: 'Edit mega container' },
        permission: ['MEGA_CONTAINERS', 'read'],
        screen: megaEdit,
      },
    ],
  },
  {
    name: 'r_access-check',
    path: '/access-check',
    title: { code: 'access.check.title', english: 'Why can’t they book this?' },
    permission: [
      ['LEVELS_CONTAINERS', 'read'],
      ['RESOURCES_CONTAINERS', 'read'],
      ['LEVELS_ROLES', 'read'],
      ['RESOURCES_ROLES', 'read'],
    ],
    menu: true,
    surface: 'browser',
    screen: check,
  },
];
