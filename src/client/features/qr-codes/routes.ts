import type { RouteEntry } from '../../routing/types';

const read = () => import(/* webpackChunkName: "qr-codes" */ './screens/qr-code-read-screen');
const templates = () => import(/* webpackChunkName: "qr-codes-admin" */ './screens/templates-screen');
const template = () => import(/* webpackChunkName: "qr-codes-admin" */ './screens/template-screen');
const codes = () => import(/* webpackChunkName: "qr-codes-admin" */ './screens/codes-screen');
const code = () => import(/* webpackChunkName: "qr-codes-admin" */ './screens/code-screen');
const filters = () => import(/* webpackChunkName: "qr-codes-admin" */ './screens/code-filters-screen');

/**
 * spec §3 feature key r_qr-code-read: a phone that scanned a level's or resource's QR code opens
 * /qrcode-read/{code} on the company host. Signing in comes first; spec §6 sends a signed-out user
 * to login keeping only the query, so the code has to be scanned again after signing in.
 * spec §2 /qr-code-templates (add, edit/:templateId) and /qr-codes (edit/:qrCodeId, filters), QR_CODE.
 */
export const qrCodeRoutes: readonly RouteEntry[] = [
  {
    name: 'r_qr-code-read',
    path: '/qrcode-read/:code',
    title: { code: 'qr-codes.read.title', english: 'Scanned code' },
    surface: 'browser',
    screen: read,
  },
  {
    name: 'r_qr-code-templates',
    path: '/qr-code-templates',
    title: { code: 'qr-codes.templates.title', english: 'QR code templates' },
    permission: ['QR_CODE', 'read'],
    menu: true,
    surface: 'browser',
    screen: templates,
    children: [
      {
        name: 'r_qr-code-templates-add',
        path: 'add',
        title: { code: 'qr-codes.templates.add', english: 'Add template' },
        permission: ['QR_CODE', 'create'],
        screen: template,
      },
      {
        name: 'r_qr-code-templates-edit',
        path: 'edit/:templateId',
        title: { code: 'qr-codes.templates.edit', english: 'Edit template' },
        permission: ['QR_CODE', 'update'],
        screen: template,
      },
    ],
  },
  {
    name: 'r_qr-codes',
    path: '/qr-codes',
    title: { code: 'qr-codes.codes.title', english: 'QR codes' },
    permission: ['QR_CODE', 'read'],
    menu: true,
    surface: 'browser',
    screen: codes,
    children: [
      {
        name: 'r_qr-codes-edit',
        path: 'edit/:qrCodeId',
        title: { code: 'qr-codes.codes.edit', english: 'QR code' },
        permission: ['QR_CODE', 'update'],
        screen: code,
      },
      {
        name: 'r_qr-codes-filters',
        path: 'filters',
        title: { code: 'qr-codes.codes.filters', english: 'Filters' },
        permission: ['QR_CODE', 'read'],
        screen: filters,
      },
    ],
  },
];
