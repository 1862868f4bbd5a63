import type { ComponentType } from 'react';
import type { RouteEntry } from '../../routing/types';

const queue = () => import(/* webpackChunkName: "services" */ './screens/queue-screen');
const addOrder = () => import(/* webpackChunkName: "services" */ './screens/add-order-screen');
const resources = () => import(/* webpackChunkName: "services" */ './screens/service-resources-screen');
const orders = () => import(/* webpackChunkName: "services" */ './screens/order-screens');
const items = () => import(/* webpackChunkName: "service-items" */ './screens/service-items-screens');
const types = () => import(/* webpackChunkName: "service-items" */ './screens/service-types-screens');
const servicePage = () => import(/* webpackChunkName: "service-page" */ './screens/service-page-screen');

/** A named export of a screens module as its route's screen. */
const pick =
  <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) =>
  () =>
    load().then((module) => ({ default: module[name] as ComponentType }));

const title = (code: string, english: string) => ({ code: `services.${code}`, english });

/**
 * spec §2 /services (SERVICES): the providers' work queue, add-order/:order_resource_id,
 * add-booking-order/:order_resource_id/:order_booking_id, edit-order/:service_order_id (history),
 * update-order-status/:service_order_id (update-item-status/:service_item_id), service-resources
 * (:order_resource_id/add-order); /service-items (SERVICE_ITEMS; manage permissions for add and
 * edit); /service-types.
 */
export const servicesRoutes: readonly RouteEntry[] = [
  {
    name: 'r_services',
    path: '/services',
    title: title('title', 'Services'),
    permission: ['SERVICES', 'read'],
    menuPreference: 'SERVICES',
    menu: true,
    surface: 'browser',
    screen: queue,
    children: [
      {
        name: 'r_services-add-order',
        path: 'add-order/:order_resource_id',
        title: title('add-order', 'Add an order'),
        permission: ['SERVICES', 'create'],
        screen: addOrder,
      },
      {
        name: 'r_services-add-booking-order',
        path: 'add-booking-order/:order_resource_id/:order_booking_id',
        title: title('add-order', 'Add an order'),
        screen: addOrder,
      },
      {
        name: 'r_services-edit-order',
        path: 'edit-order/:service_order_id',
        title: title('edit-order', 'Order'),
        screen: pick(orders, 'EditOrderScreen'),
      },
      {
        name: 'r_services-update-order-status',
        path: 'update-order-status/:service_order_id',
        title: title('update-status', 'Change the status'),
        permission: ['SERVICES', 'update'],
        screen: pick(orders, 'UpdateOrderStatusScreen'),
        children: [
          {
            name: 'r_services-update-order-status-update-item-status',
            path: 'update-item-status/:service_item_id',
            title: title('item-status', 'Status of the item'),
            permission: ['SERVICES', 'update'],
            screen: pick(orders, 'UpdateItemStatusScreen'),
          },
        ],
      },
      {
        name: 'r_services-service-resources',
        path: 'service-resources',
        title: title('service-resources', 'Resources with services'),
        screen: resources,
        children: [
          {
            name: 'r_services-service-resources-add-order',
            path: ':order_resource_id/add-order',
            title: title('add-order', 'Add an order'),
            permission: ['SERVICES', 'create'],
            screen: addOrder,
          },
        ],
      },
    ],
  },
  {
    name: 'r_service-items',
    path: '/service-items',
    title: { code: 'service-items.title', english: 'Service items' },
    permission: ['SERVICE_ITEMS', 'read'],
    menu: true,
    surface: 'browser',
    screen: pick(items, 'ServiceItemsScreen'),
    children: [
      {
        name: 'r_service-items-add',
        path: 'add',
        title: { code: 'service-items.add', english: 'Add service item' },
        permission: ['SERVICE_ITEMS', 'create'],
        screen: pick(items, 'ServiceItemAddScreen'),
      },
      {
        name: 'r_service-items-edit',
        path: 'edit/:service_item_id',
        title: { code: 'service-items.edit', english: 'Edit service item' },
        permission: ['SERVICE_ITEMS', 'update'],
        screen: pick(items, 'ServiceItemEditScreen'),
      },
    ],
  },
  {
    name: 'r_service-types',
    path: '/service-types',
    title: { code: 'service-types.title', english: 'Service types' },
    permission: ['SERVICE_ITEMS', 'read'],
    menu: true,
    surface: 'browser',
    screen: pick(types, 'ServiceTypesScreen'),
    children: [
      {
        name: 'r_service-types-add',
        path: 'add',
        title: { code: 'service-types.add', english: 'Add service type' },
        permission: ['SERVICE_ITEMS', 'create'],
        screen: pick(types, 'ServiceTypeAddScreen'),
      },
      {
        name: 'r_service-types-edit',
        path: 'edit/:service_type_id',
        title: { code: 'service-types.edit', english: 'Edit service type' },
        permission: ['SERVICE_ITEMS', 'update'],
        screen: pick(types, 'ServiceTypeEditScreen'),
      },
    ],
  },
  {
    // spec §2 public /service/{code} (feature key r_service): what a resource's QR code offers.
    // Anyone signed in (a signed-out phone signs in first); the code, not the address, names the
    // resource, and the server shows only the caller's own bookings and orders of it.
    name: 'r_service',
    path: '/service/:code',
    title: title('page.title', 'Order services'),
    surface: 'browser',
    screen: servicePage,
  },
];
