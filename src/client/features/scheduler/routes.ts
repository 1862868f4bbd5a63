import type { ComponentType } from 'react';
import type { RouteEntry } from '../../routing/types';

const title = (code: string, english: string) => ({ code: `scheduler.${code}`, english });

// One chunk for the scheduler; a screen file may hold several screens, picked by name.
const pick =
  <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) =>
  () =>
    load().then((module) => ({ default: module[name] as ComponentType }));
const main = () => import(/* webpackChunkName: "scheduler" */ './screens/scheduler-screen');
const people = () => import(/* webpackChunkName: "scheduler" */ './screens/people-screens');
const when = () => import(/* webpackChunkName: "scheduler" */ './screens/when-screens');
const preview = () => import(/* webpackChunkName: "scheduler" */ './screens/preview-screen');
const location = () => import(/* webpackChunkName: "scheduler" */ './screens/location-screens');
const services = () => import(/* webpackChunkName: "scheduler" */ './screens/services-screens');

/**
 * spec §2 /scheduler (scheduler flag, login): the browser app's meeting scheduler for people
 * without Outlook. Each sub-screen edits one part of the §3 scheduler state (scheduler-state.ts);
 * the main screen saves it, booking the rooms of every occurrence or none.
 */
export const schedulerRoutes: readonly RouteEntry[] = [
  {
    name: 'r_scheduler',
    path: '/scheduler',
    title: title('title', 'Scheduler'),
    // The server books the rooms with PLAN (modules/scheduler): without it the screen could only be
    // refused, so it is neither offered nor opened.
    permission: 'PLAN',
    menu: true,
    surface: 'browser',
    screen: main,
    children: [
      {
        name: 'r_scheduler-attendees',
        path: 'attendees',
        title: title('attendees', 'Attendees'),
        screen: pick(people, 'AttendeesScreen'),
      },
      {
        name: 'r_scheduler-date-time',
        path: 'date-time',
        title: title('date-time', 'Date and time'),
        screen: pick(when, 'DateTimeScreen'),
      },
      {
        name: 'r_scheduler-timezone',
        path: 'timezone',
        title: title('timezone', 'Time zone'),
        screen: pick(when, 'TimezoneScreen'),
      },
      {
        name: 'r_scheduler-hosts',
        path: 'hosts',
        title: title('hosts', 'Host'),
        screen: pick(people, 'HostsScreen'),
      },
      {
        name: 'r_scheduler-recurrence',
        path: 'recurrence',
        title: title('recurrence', 'Recurrence'),
        screen: pick(when, 'RecurrenceScreen'),
      },
      { name: 'r_scheduler-preview', path: 'preview', title: title('preview', 'Preview'), screen: preview },
      {
        name: 'r_scheduler-location',
        path: 'location',
        title: title('location', 'Location'),
        screen: pick(location, 'LocationScreen'),
        children: [
          {
            name: 'r_scheduler-location-resource-info',
            path: 'resource-info/:resourceId',
            title: title('resource-info', 'Room'),
            screen: pick(location, 'RoomInfoScreen'),
          },
          {
            name: 'r_scheduler-location-map',
            path: 'map',
            title: title('map', 'Map'),
            screen: pick(location, 'MapScreen'),
          },
          {
            name: 'r_scheduler-location-alternative',
            path: 'alternative/:originalResourceId',
            title: title('alternative', 'Alternative room'),
            screen: pick(location, 'AlternativeScreen'),
          },
        ],
      },
      {
        name: 'r_scheduler-services',
        path: 'services',
        title: title('services', 'Services'),
        screen: pick(services, 'ServicesScreen'),
        children: [
          {
            name: 'r_scheduler-services-resource-info',
            path: 'resource-info',
            title: title('services-resource-info', 'Rooms and services'),
            screen: pick(services, 'ServiceRoomsScreen'),
          },
          {
            name: 'r_scheduler-services-add-order',
            path: 'add-order',
            title: title('add-order', 'Add an order'),
            screen: pick(services, 'AddOrderScreen'),
          },
          {
            name: 'r_scheduler-services-item-info',
            path: 'item-info/:orderItemId',
            title: title('item-info', 'Order item'),
            screen: pick(services, 'ItemInfoScreen'),
          },
          {
            name: 'r_scheduler-services-item-details',
            path: 'item-details',
            title: title('item-details', 'Item details'),
            screen: pick(services, 'ItemDetailsScreen'),
          },
        ],
      },
      {
        name: 'r_scheduler-reception-desks-visitor',
        path: 'reception-desks/visitor/:attendeeId',
        title: title('visitor', 'Visitor'),
        screen: pick(people, 'VisitorScreen'),
      },
    ],
  },
];
