import { APPLICATION_IDS } from '../../../shared/contract/applications';
import type { RouteEntry } from '../../routing/types';
import { RECEPTION } from './reception-permission';

const desks = () => import(/* webpackChunkName: "reception-desks" */ './screens/reception-desks-screen');
const deskForm = () =>
  import(/* webpackChunkName: "reception-desks" */ './screens/reception-desk-form-screen');
const myVisitors = () => import(/* webpackChunkName: "my-visitors" */ './screens/my-visitors-screen');
const myVisits = () => import(/* webpackChunkName: "my-visits" */ './screens/my-visits-screen');
const reception = () => import(/* webpackChunkName: "reception" */ './screens/reception-screen');
const badge = () => import(/* webpackChunkName: "reception" */ './screens/badge-screen');
const deskEmail = () => import(/* webpackChunkName: "reception-desks" */ './screens/desk-email-screen');
const receptionImport = () => import(/* webpackChunkName: "reception" */ './screens/reception-import-screen');
const blockedEmails = () => import(/* webpackChunkName: "reception" */ './screens/blocked-emails-screen');
const kiosk = () => import(/* webpackChunkName: "kiosk" */ './screens/kiosk-screen');

/**
 * spec §2 /reception-desks (RECEPTIONS; reception finds its desks there too), /my-visitors
 * (MY_VISITORS, application 11), /my-visits (MY_VISITS, application 13),
 * /visitor-management/reception/:receptionDeskId (RECEPTION) and the public self-registration kiosk
 * /reception-desk/{code} (docs/visitors.md).
 */
export const visitorsRoutes: readonly RouteEntry[] = [
  {
    name: 'r_reception-desks',
    path: '/reception-desks',
    title: { code: 'reception-desks.title', english: 'Reception desks' },
    permission: [['RECEPTIONS', 'read'], ...RECEPTION],
    menu: true,
    surface: 'browser',
    screen: desks,
    children: [
      {
        name: 'r_reception-desks-add',
        path: 'add',
        title: { code: 'reception-desks.add', english: 'Add reception desk' },
        permission: ['RECEPTIONS', 'create'],
        screen: deskForm,
      },
      {
        name: 'r_reception-desks-edit',
        path: 'edit/:receptionId',
        title: { code: 'reception-desks.edit', english: 'Edit reception desk' },
        permission: ['RECEPTIONS', 'update'],
        screen: deskForm,
        children: [
          {
            name: 'r_reception-desks-edit-email',
            path: 'edit-email/:typeId',
            title: { code: 'reception-desks.edit-email', english: 'Desk e-mail' },
            permission: ['RECEPTIONS', 'update'],
            screen: deskEmail,
          },
        ],
      },
    ],
  },
  {
    name: 'r_my-visitors',
    path: '/my-visitors',
    title: { code: 'visitors.my-visitors', english: 'My visitors' },
    permission: 'MY_VISITORS',
    application: APPLICATION_IDS.visitor,
    menu: true,
    surface: 'browser',
    screen: myVisitors,
  },
  {
    name: 'r_my-visits',
    path: '/my-visits',
    title: { code: 'visitors.my-visits', english: 'My visits' },
    permission: 'MY_VISITS',
    application: APPLICATION_IDS.myVisits,
    menu: true,
    surface: 'browser',
    screen: myVisits,
  },
  {
    name: 'r_visitor-management-reception',
    path: '/visitor-management/reception/:receptionDeskId',
    title: { code: 'visitors.reception', english: 'Reception' },
    permission: RECEPTION,
    surface: 'browser',
    screen: reception,
    children: [
      {
        name: 'r_visitor-management-reception-badge',
        path: 'badge/:visitId',
        title: { code: 'visitors.badge', english: 'Visitor badge' },
        permission: RECEPTION,
        screen: badge,
      },
      {
        name: 'r_visitor-management-reception-import',
        path: 'add-visitor/import',
        title: { code: 'visitors.import', english: 'Import visitors' },
        permission: RECEPTION,
        screen: receptionImport,
      },
      {
        name: 'r_visitor-management-reception-blocked-emails',
        path: 'blocked-emails',
        title: { code: 'visitors.blocked-title', english: 'Blocked addresses' },
        // the company's block list: VISITOR_MANAGEMENT only (a desk's container grants no part of it)
        permission: ['VISITOR_MANAGEMENT', 'read'],
        screen: blockedEmails,
      },
    ],
  },
  {
    name: 'r_self-registration-reception-desk',
    path: '/reception-desk/:code',
    access: 'public',
    title: { code: 'visitors.kiosk', english: 'Welcome' },
    surface: 'browser',
    screen: kiosk,
  },
];
