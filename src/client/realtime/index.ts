export {
  PLAN_AND_DECLARATIONS,
  apiKeysWhere,
  useRealtime,
  useRevalidateOnDeclarationChange,
  type DeclarationChangeMatcher,
} from './hooks';
export { realtimeConnection } from './shared-connection';
