import {
  impersonationPaths,
  type ImpersonationDetail,
  type ImpersonationList,
} from '../../../shared/contract/impersonations';
import { useApi } from '../../api/swr';

export const useImpersonations = () => useApi<ImpersonationList>(impersonationPaths.list);
export const useImpersonation = (id: number | null) =>
  useApi<ImpersonationDetail>(id === null ? null : impersonationPaths.one(id));
