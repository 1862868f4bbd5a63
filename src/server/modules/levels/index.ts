export { registerLevelRoutes } from './levels.routes';
export type { LevelDeleteCheck } from './level-changes.service';
