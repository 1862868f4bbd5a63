import type { RouteEntry } from '../../routing/types';

const chunk = {
  list: () => import(/* webpackChunkName: "connectors-sso" */ './screens/sso-connectors-screen'),
  connector: () => import(/* webpackChunkName: "connectors-sso" */ './screens/sso-connector-screen'),
  add: () => import(/* webpackChunkName: "connectors-sso" */ './screens/sso-connector-add-screen'),
  field: () => import(/* webpackChunkName: "connectors-sso" */ './screens/sso-field-edit-screen'),
};

const title = (code: string, english: string) => ({ code: `connectors-sso.${code}`, english });

/**
 * spec §2 /connectors (CONNECTORS) connectors-sso: list/{ssoId}, {ssoId}/edit/{ssoFieldId} and
 * {ssoId}/add, where the add's {ssoId} is the variant (azure, google). Registered at its full path
 * beside the connectors feature's /connectors entry, which links here by route name.
 */
export const connectorsSsoRoutes: readonly RouteEntry[] = [
  {
    name: 'r_connectors-sso',
    path: '/connectors/connectors-sso',
    title: title('title', 'Single sign-on'),
    permission: ['CONNECTORS', 'read'],
    surface: 'browser',
    screen: chunk.list,
    children: [
      {
        name: 'r_connectors-sso-list',
        path: 'list/:ssoId',
        title: title('connector', 'Single sign-on connector'),
        permission: ['CONNECTORS', 'read'],
        screen: chunk.connector,
      },
      {
        name: 'r_connectors-sso-edit',
        path: ':ssoId/edit/:ssoFieldId',
        title: title('field', 'Edit field'),
        permission: ['CONNECTORS', 'update'],
        screen: chunk.field,
      },
      {
        name: 'r_connectors-sso-add',
        path: ':ssoId/add',
        title: title('add', 'Add single sign-on'),
        permission: ['CONNECTORS', 'create'],
        screen: chunk.add,
      },
    ],
  },
];
