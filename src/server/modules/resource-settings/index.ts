import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../context';
import { registerResourceSettingRoutes } from './resource-settings.routes';
import { registerScheduleRoutes } from './schedule.routes';

export { resourceNames } from './resource-settings.queries';
export { seedDefaultServiceTypes } from './service-types.seed';

/** A resource's settings: availability, capacity for a time, functions, permissions, services, image. */
export function registerResourceSettingsRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerScheduleRoutes(app, deps);
  registerResourceSettingRoutes(app, deps);
}
