import type { RouteEntry } from '../../routing/types';

const list = () => import(/* webpackChunkName: "users" */ './screens/users-screen');
const filters = () => import(/* webpackChunkName: "users" */ './screens/user-filters-screen');
const add = () => import(/* webpackChunkName: "users" */ './screens/user-add-screen');
const edit = () => import(/* webpackChunkName: "users" */ './screens/user-edit-screen');
const language = () => import(/* webpackChunkName: "users" */ './screens/user-language-screen');
const timezone = () => import(/* webpackChunkName: "users" */ './screens/user-timezone-screen');
const country = () => import(/* webpackChunkName: "users" */ './screens/user-country-screen');
const containers = () => import(/* webpackChunkName: "users" */ './screens/user-containers-screen');
const password = () => import(/* webpackChunkName: "users" */ './screens/user-password-screen');
const resources = () => import(/* webpackChunkName: "users" */ './screens/user-resources-screen');
const assignment = () => import(/* webpackChunkName: "users" */ './screens/user-assignment-screen');
const pickResource = () => import(/* webpackChunkName: "users" */ './screens/user-resource-pick-screen');
const importCsv = () => import(/* webpackChunkName: "users-import" */ './screens/users-import-screen');
const accept = () => import(/* webpackChunkName: "accept-invitation" */ './screens/accept-invitation-screen');

/**
 * The spec names no USERS permission: users are managed through the user containers they belong to,
 * so USERS_CONTAINERS guards /manage-users (as on the server, users.routes.ts). A user manager
 * (MANAGE_USERS through a user-manager container) reaches what the API lets them: the list, a user,
 * their language, timezone, country and password; containers, assignments and filters by container
 * stay the administrators'.
 */
const READ = ['USERS_CONTAINERS', 'read'] as const;
const CREATE = ['USERS_CONTAINERS', 'create'] as const;
const SEE = [READ, ['MANAGE_USERS', 'read']] as const;

const sub = (
  name: `r_${string}`,
  path: string,
  code: string,
  english: string,
  screen: RouteEntry['screen'],
  permission: RouteEntry['permission'] = READ,
) => ({ name, path, title: { code, english }, permission, screen }) as RouteEntry;

/** spec §2 /manage-users: the list, search-filters, add-user (create), edit/:user_id and its sub-screens. */
export const usersRoutes: readonly RouteEntry[] = [
  {
    name: 'r_manage-users',
    path: '/manage-users',
    title: { code: 'users.title', english: 'Users' },
    permission: SEE,
    menu: true,
    surface: 'browser',
    screen: list,
    children: [
      sub(
        'r_manage-users-search-filters',
        'search-filters',
        'users.search-filters',
        'Search filters',
        filters,
      ),
      { ...sub('r_manage-users-add-user', 'add-user', 'users.add', 'Add user', add), permission: CREATE },
      {
        ...sub('r_manage-users-import', 'import', 'users.import', 'Import users', importCsv),
        permission: CREATE,
      },
      {
        ...sub('r_manage-users-edit', 'edit/:user_id', 'users.edit', 'Edit user', edit, SEE),
        children: [
          sub('r_manage-users-edit-language', 'language', 'users.language', 'Language', language, SEE),
          sub('r_manage-users-edit-timezone', 'timezone', 'users.timezone', 'Timezone', timezone, SEE),
          sub('r_manage-users-edit-country', 'country', 'users.country', 'Country', country, SEE),
          sub('r_manage-users-edit-containers', 'containers', 'users.containers', 'Containers', containers),
          sub(
            'r_manage-users-edit-change-password',
            'change-password',
            'users.change-password',
            'Change password',
            password,
            SEE,
          ),
          {
            ...sub(
              'r_manage-users-edit-resources',
              'resources',
              'users.resources',
              'Assigned resources',
              resources,
            ),
            children: [
              sub(
                'r_manage-users-edit-resources-level',
                'levels/:levelId/:resourceId',
                'users.pick-resource',
                'Choose a resource',
                pickResource,
              ),
              sub(
                'r_manage-users-edit-resources-assigned',
                ':resourceId/:assignedResourceId',
                'users.assigned-resource',
                'Assigned resource',
                assignment,
              ),
            ],
          },
        ],
      },
    ],
  },
  {
    name: 'r_accept-invitation',
    path: '/accept-invitation',
    access: 'public',
    surface: 'browser',
    title: { code: 'users.accept-invitation', english: 'Welcome' },
    screen: accept,
  },
];
