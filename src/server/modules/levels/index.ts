export { registerLevelRoutes } from './levels.routes';
export type { LevelDeleteCheck } from './levels.service';
