import type { RouteEntry } from '../../routing/types';

const chunk = {
  profile: () => import(/* webpackChunkName: "profile" */ './screens/profile-screen'),
  myDelegates: () => import(/* webpackChunkName: "profile" */ './screens/my-delegates-screen'),
  add: () => import(/* webpackChunkName: "profile" */ './screens/delegate-add-screen'),
  permission: () => import(/* webpackChunkName: "profile" */ './screens/delegate-permission-screen'),
  edit: () => import(/* webpackChunkName: "profile" */ './screens/delegation-edit-screen'),
  delegatedBy: () => import(/* webpackChunkName: "profile" */ './screens/delegated-by-screen'),
  field: () => import(/* webpackChunkName: "profile" */ './screens/profile-field-screen'),
  changePassword: () => import(/* webpackChunkName: "profile" */ './screens/change-password-screen'),
  memberships: () => import(/* webpackChunkName: "profile" */ './screens/memberships-screen'),
  photo: () => import(/* webpackChunkName: "profile" */ './screens/photo-screen'),
  push: () => import(/* webpackChunkName: "profile" */ './screens/push-notifications-screen'),
  assigned: () => import(/* webpackChunkName: "profile" */ './screens/assigned-resources-screen'),
  assignment: () => import(/* webpackChunkName: "profile" */ './screens/assigned-resource-screen'),
  breakForm: () => import(/* webpackChunkName: "profile" */ './screens/break-form-screen'),
  // /about's screens, under the profile (their links are relative)
  about: () => import(/* webpackChunkName: "about" */ '../general/screens/about-screen'),
  versions: () => import(/* webpackChunkName: "about" */ '../general/screens/application-versions-screen'),
  version: () => import(/* webpackChunkName: "about" */ '../general/screens/application-version-screen'),
};

const READ = ['USER_PROFILE', 'read'] as const;
const UPDATE = ['USER_PROFILE', 'update'] as const;
const title = (code: string, english: string) => ({ code: `profile.${code}`, english });

/**
 * spec §2 /profile (USER_PROFILE read): about (application-versions, application-version),
 * language, timezone, country, change-password, groups, roles, photo (changes need update),
 * assigned-resources (edit/:assignedResourceId with add-break and :breakId), my-delegates (add, add/permission/:userId,
 * edit/:delegationId) and delegated-by. The permission screen is the search's child, so its back
 * link returns to the search. sync-with-outlook and sync-with-google are the connectors feature's.
 */
export const profileRoutes: readonly RouteEntry[] = [
  {
    name: 'r_profile',
    path: '/profile',
    title: title('title', 'My profile'),
    permission: READ,
    menu: true,
    surface: 'browser',
    screen: chunk.profile,
    children: [
      {
        name: 'r_profile-about',
        path: 'about',
        title: { code: 'general.about.title', english: 'About' },
        screen: chunk.about,
        children: [
          {
            name: 'r_profile-about-application-versions',
            path: 'application-versions',
            title: { code: 'general.about.application-versions', english: 'Application versions' },
            screen: chunk.versions,
            children: [
              {
                name: 'r_profile-about-application-versions-application-version',
                path: 'application-version',
                title: { code: 'general.about.application-version', english: 'Application version' },
                screen: chunk.version,
              },
            ],
          },
        ],
      },
      ...(['language', 'timezone', 'country'] as const).map((field) => ({
        name: `r_profile-${field}` as const,
        path: field,
        title: title(field, field.charAt(0).toUpperCase() + field.slice(1)),
        permission: UPDATE,
        screen: chunk.field,
      })),
      {
        name: 'r_profile-change-password',
        path: 'change-password',
        title: title('change-password', 'Change password'),
        permission: UPDATE,
        screen: chunk.changePassword,
      },
      {
        name: 'r_profile-groups',
        path: 'groups',
        title: title('groups', 'Groups'),
        permission: READ,
        screen: chunk.memberships,
      },
      {
        name: 'r_profile-roles',
        path: 'roles',
        title: title('roles', 'Roles'),
        permission: READ,
        screen: chunk.memberships,
      },
      {
        name: 'r_profile-photo',
        path: 'photo',
        title: title('photo', 'Photo'),
        permission: UPDATE,
        screen: chunk.photo,
      },
      {
        name: 'r_profile-push-notifications',
        path: 'push-notifications',
        title: title('push-notifications', 'Push notifications'),
        permission: READ,
        screen: chunk.push,
      },
      {
        name: 'r_profile-assigned-resources',
        path: 'assigned-resources',
        title: title('assigned-resources', 'Assigned resources'),
        permission: READ,
        screen: chunk.assigned,
        children: [
          {
            name: 'r_profile-assigned-resources-edit',
            path: 'edit/:assignedResourceId',
            title: title('breaks', 'Breaks'),
            permission: READ,
            screen: chunk.assignment,
            children: [
              {
                name: 'r_profile-assigned-resources-edit-add-break',
                path: 'add-break',
                title: title('add-break', 'Add break'),
                permission: UPDATE,
                screen: chunk.breakForm,
              },
              {
                name: 'r_profile-assigned-resources-edit-break',
                path: ':breakId',
                title: title('edit-break-title', 'Edit break'),
                permission: UPDATE,
                screen: chunk.breakForm,
              },
            ],
          },
        ],
      },
      {
        name: 'r_profile-my-delegates',
        path: 'my-delegates',
        title: title('my-delegates', 'My delegates'),
        permission: READ,
        screen: chunk.myDelegates,
        children: [
          {
            name: 'r_profile-my-delegates-add',
            path: 'add',
            title: title('add-delegate', 'Add delegate'),
            permission: UPDATE,
            screen: chunk.add,
            children: [
              {
                name: 'r_profile-my-delegates-add-permission',
                path: 'permission/:userId',
                title: title('delegate-permissions', 'What to delegate'),
                permission: UPDATE,
                screen: chunk.permission,
              },
            ],
          },
          {
            name: 'r_profile-my-delegates-edit',
            path: 'edit/:delegationId',
            title: title('edit-delegate', 'Edit delegate'),
            permission: UPDATE,
            screen: chunk.edit,
          },
        ],
      },
      {
        name: 'r_profile-delegated-by',
        path: 'delegated-by',
        title: title('delegated-by', 'Delegated by'),
        permission: READ,
        screen: chunk.delegatedBy,
      },
    ],
  },
];
