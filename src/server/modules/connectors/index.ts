export { registerConnectorRoutes } from './connectors.routes';
export { connectorsChanged, notifyConnectorsChanged } from './connectors.notify';
export { loadCalendarConnector, type CalendarConnectorSettings } from './calendars.service';
export { linkSecretContext } from './calendar-links.service';
