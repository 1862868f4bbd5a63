export {
  PLAN_AND_DECLARATIONS,
  apiKeysWhere,
  useRealtime,
  useRefetchOnDeclarationChange,
  useRefetchOnEvent,
  useRevalidateOnDeclarationChange,
  type DeclarationChangeMatcher,
} from './hooks';
export { realtimeConnection } from './shared-connection';
