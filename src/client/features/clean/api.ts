import {
  cleanedPath,
  cleanResourcesPath,
  type Cleaning,
  type CleanResources,
} from '../../../shared/contract/cleaning';
import { api } from '../../api/client';
import { useApi } from '../../api/swr';

/** spec §7 GET clean resources: what awaits cleaning, company-wide. */
export const useCleanResources = () => useApi<CleanResources>(cleanResourcesPath);

export const markCleaned = (resourceId: number) => api.post<Cleaning>(cleanedPath(resourceId), {});
