import type { RouteEntry } from '../../../routing/types';

const permissions = () => import(/* webpackChunkName: "resource-settings" */ './screens/permissions-screen');
const fn = () => import(/* webpackChunkName: "resource-settings" */ './screens/function-screen');
const availability = () =>
  import(/* webpackChunkName: "resource-settings" */ './screens/availability-screen');
const availabilityForm = () =>
  import(/* webpackChunkName: "resource-settings" */ './screens/availability-form-screen');
const unavailabilityForm = () =>
  import(/* webpackChunkName: "resource-settings" */ './screens/unavailability-form-screen');
const services = () => import(/* webpackChunkName: "resource-settings" */ './screens/services-screen');
const qrCode = () => import(/* webpackChunkName: "resource-settings" */ './screens/qr-code-screen');
const image = () => import(/* webpackChunkName: "resource-settings" */ './screens/image-screen');

const READ = ['RESOURCES', 'read'] as const;
const UPDATE = ['RESOURCES', 'update'] as const;

/**
 * spec §2 /resources edit: the settings sub-screens of one resource (children of edit/:resource_id,
 * spread into that route by the resources feature). Screens that only show need read; the forms
 * that change something need update.
 */
export const resourceSettingsRoutes: readonly RouteEntry[] = [
  {
    name: 'r_resources-edit-permissions',
    path: 'permissions',
    title: { code: 'resource-settings.permissions', english: 'Who may book' },
    permission: READ,
    screen: permissions,
  },
  {
    name: 'r_resources-edit-functions-function',
    path: 'functions/:function',
    title: { code: 'resource-settings.function', english: 'Function' },
    permission: READ,
    screen: fn,
  },
  {
    name: 'r_resources-edit-availability',
    path: 'availability',
    title: { code: 'resource-settings.availability', english: 'Availability' },
    permission: READ,
    screen: availability,
    children: [
      {
        name: 'r_resources-edit-availability-add-availability',
        path: 'add-availability',
        title: { code: 'resource-settings.add-availability', english: 'Add availability' },
        permission: UPDATE,
        screen: availabilityForm,
      },
      {
        name: 'r_resources-edit-availability-add-unavailability',
        path: 'add-unavailability',
        title: { code: 'resource-settings.add-unavailability', english: 'Add unavailability' },
        permission: UPDATE,
        screen: unavailabilityForm,
      },
      {
        name: 'r_resources-edit-availability-edit-availability-resource_id-availability_id',
        path: 'edit-availability/:resource_id/:availability_id',
        title: { code: 'resource-settings.edit-availability', english: 'Edit availability' },
        permission: UPDATE,
        screen: availabilityForm,
      },
      {
        name: 'r_resources-edit-availability-edit-unavailability-resource_id-unavailability_id',
        path: 'edit-unavailability/:resource_id/:unavailability_id',
        title: { code: 'resource-settings.edit-unavailability', english: 'Edit unavailability' },
        permission: UPDATE,
        screen: unavailabilityForm,
      },
    ],
  },
  {
    name: 'r_resources-edit-services',
    path: 'services',
    title: { code: 'resource-settings.services', english: 'Services' },
    permission: READ,
    screen: services,
  },
  {
    name: 'r_resources-edit-qr-code',
    path: 'qr-code',
    title: { code: 'resource-settings.qr-code', english: 'QR code' },
    permission: READ,
    screen: qrCode,
  },
  {
    name: 'r_resources-edit-image',
    path: 'image',
    title: { code: 'resource-settings.image', english: 'Picture' },
    permission: READ,
    screen: image,
  },
];
