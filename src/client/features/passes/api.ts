import { mutate } from 'swr';
import {
  spacePassesPath,
  spacePassPath,
  type SpacePass,
  type SpacePassList,
} from '../../../shared/contract/passes';
import { api } from '../../api/client';
import { useApi } from '../../api/swr';

/** GET space-passes: my passes that are not over, soonest first. */
export const usePasses = () => useApi<SpacePassList>(spacePassesPath);

/** GET space-passes/{id}; `silent` where a missing pass is not worth the warning modal. */
export const usePass = (id: number | null, options: { silent?: boolean } = {}) =>
  useApi<SpacePass>(id === null ? null : spacePassPath(id), options);

/** Every cached answer about passes (the list and each pass) is read again. */
export const refreshPasses = () =>
  mutate((key) => Array.isArray(key) && typeof key[1] === 'string' && key[1].startsWith(spacePassesPath));

/** DELETE space-passes/{id}: revokes the pass (the booking stays). Inline refusal, no modal. */
export async function revokePass(id: number): Promise<SpacePass> {
  const revoked = await api.delete<SpacePass>(spacePassPath(id), { silent: true });
  await refreshPasses();
  return revoked;
}
