export { registerDeviceRoutes } from './devices.routes';
export { registerDisplayRoutes } from './display.routes';
export { templateFor } from './templates.service';
