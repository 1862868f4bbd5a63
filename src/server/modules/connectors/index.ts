export { registerConnectorRoutes } from './connectors.routes';
export { CONNECTORS_CHANNEL, notifyConnectorsChanged, readConnectorsNotice } from './connectors.notify';
export { loadCalendarConnector, type CalendarConnectorSettings } from './calendars.service';
export { linkSecretContext } from './calendar-links.service';
