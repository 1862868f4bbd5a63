import type { RouteEntry } from '../../routing/types';

const chunk = {
  overview: () => import(/* webpackChunkName: "connectors" */ './screens/connectors-overview-screen'),
  connector: () => import(/* webpackChunkName: "connectors" */ './screens/connector-picker-screen'),
  calendars: () => import(/* webpackChunkName: "connectors" */ './screens/calendar-connectors-screen'),
  calendar: () => import(/* webpackChunkName: "connectors" */ './screens/calendar-connector-screen'),
  calendarAdd: () => import(/* webpackChunkName: "connectors" */ './screens/calendar-connector-add-screen'),
  calendarField: () => import(/* webpackChunkName: "connectors" */ './screens/calendar-field-edit-screen'),
  rooms: () => import(/* webpackChunkName: "connectors" */ './screens/calendar-rooms-screen'),
  intranets: () => import(/* webpackChunkName: "connectors" */ './screens/intranet-links-screen'),
  intranetForm: () => import(/* webpackChunkName: "connectors" */ './screens/intranet-link-form-screen'),
  sync: () => import(/* webpackChunkName: "connectors" */ './screens/calendar-sync-screen'),
};

const READ = ['CONNECTORS', 'read'] as const;
const title = (code: string, english: string) => ({ code: `connectors.${code}`, english });

/** The overview and the "add a connector" chooser: shared by /connectors and /company-connectors. */
const overview = (prefix: 'r_connectors' | 'r_company-connectors'): RouteEntry => ({
  name: `${prefix}-overview`,
  path: 'connectors-overview',
  title: title('overview', 'Connectors overview'),
  permission: READ,
  screen: chunk.overview,
  children: [
    {
      name: `${prefix}-overview-connector`,
      path: 'connector',
      title: title('connector', 'Add a connector'),
      permission: ['CONNECTORS', 'create'],
      screen: chunk.connector,
    },
  ],
});

/**
 * spec §2 /connectors (CONNECTORS): overview (connector), connectors-calendar (list/{calendarId},
 * {calendarId}/edit/{calendarFieldId}, {calendarId}/add in the Outlook, Google and CalDAV variants:
 * there {calendarId} is the provider), the room → mailbox mapping, connectors-intranet (add,
 * edit/{intranetId}). connectors-sso is the SSO feature's (r_connectors-sso); the overview links to
 * it when that route exists. /company-connectors offers only overview and connector.
 */
export const connectorsRoutes: readonly RouteEntry[] = [
  {
    name: 'r_connectors',
    path: '/connectors',
    title: title('title', 'Connectors'),
    permission: READ,
    menu: true,
    surface: 'browser',
    screen: chunk.overview,
    children: [
      overview('r_connectors'),
      {
        name: 'r_connectors-calendar',
        path: 'connectors-calendar',
        title: title('calendar', 'Calendar connectors'),
        permission: READ,
        screen: chunk.calendars,
        children: [
          {
            name: 'r_connectors-calendar-list',
            path: 'list/:calendarId',
            title: title('calendar-connector', 'Calendar connector'),
            permission: READ,
            screen: chunk.calendar,
            children: [
              {
                name: 'r_connectors-calendar-rooms',
                path: 'rooms',
                title: title('calendar-rooms', 'Rooms and mailboxes'),
                permission: ['CONNECTORS', 'update'],
                screen: chunk.rooms,
              },
            ],
          },
          {
            name: 'r_connectors-calendar-edit',
            path: ':calendarId/edit/:calendarFieldId',
            title: title('calendar-field', 'Edit field'),
            permission: ['CONNECTORS', 'update'],
            screen: chunk.calendarField,
          },
          {
            name: 'r_connectors-calendar-add',
            path: ':calendarId/add',
            title: title('calendar-add', 'Add calendar connector'),
            permission: ['CONNECTORS', 'create'],
            screen: chunk.calendarAdd,
          },
        ],
      },
      {
        name: 'r_connectors-intranet',
        path: 'connectors-intranet',
        title: title('intranet', 'Intranet links'),
        permission: READ,
        screen: chunk.intranets,
        children: [
          {
            name: 'r_connectors-intranet-add',
            path: 'add',
            title: title('intranet-add', 'Add intranet link'),
            permission: ['CONNECTORS', 'create'],
            screen: chunk.intranetForm,
          },
          {
            name: 'r_connectors-intranet-edit',
            path: 'edit/:intranetId',
            title: title('intranet-edit', 'Edit intranet link'),
            permission: ['CONNECTORS', 'update'],
            screen: chunk.intranetForm,
          },
        ],
      },
    ],
  },
  {
    name: 'r_company-connectors',
    path: '/company-connectors',
    title: title('company-title', 'Company connectors'),
    permission: READ,
    surface: 'browser',
    screen: chunk.overview,
    children: [overview('r_company-connectors')],
  },
  // spec §2 /profile sync-with-outlook, sync-with-google: a user links their own calendar.
  ...(['outlook', 'google'] as const).map((provider): RouteEntry => ({
    name: `r_profile-sync-with-${provider}`,
    path: `/profile/sync-with-${provider}`,
    title:
      provider === 'outlook'
        ? { code: 'profile.sync-with-outlook', english: 'Sync with Outlook' }
        : { code: 'profile.sync-with-google', english: 'Sync with Google' },
    permission: ['USER_PROFILE', 'read'],
    surface: 'browser',
    screen: chunk.sync,
  })),
];
