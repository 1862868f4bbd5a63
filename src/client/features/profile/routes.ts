import type { RouteEntry } from '../../routing/types';

const chunk = {
  profile: () => import(/* webpackChunkName: "profile" */ './screens/profile-screen'),
  myDelegates: () => import(/* webpackChunkName: "profile" */ './screens/my-delegates-screen'),
  add: () => import(/* webpackChunkName: "profile" */ './screens/delegate-add-screen'),
  permission: () => import(/* webpackChunkName: "profile" */ './screens/delegate-permission-screen'),
  edit: () => import(/* webpackChunkName: "profile" */ './screens/delegation-edit-screen'),
  delegatedBy: () => import(/* webpackChunkName: "profile" */ './screens/delegated-by-screen'),
};

const READ = ['USER_PROFILE', 'read'] as const;
const UPDATE = ['USER_PROFILE', 'update'] as const;
const title = (code: string, english: string) => ({ code: `profile.${code}`, english });

/**
 * spec §2 /profile (USER_PROFILE read): my-delegates (add, add/permission/:userId,
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
