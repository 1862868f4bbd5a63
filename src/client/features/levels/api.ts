import { resourcePaths, type PositionBody, type Resource } from '../../../shared/contract/resources';
import type { CreateLevelBody, Level, LevelList, UpdateLevelBody } from '../../../shared/contract/levels';
import { levelPath, levelsPath } from '../../../shared/contract/levels';
import { mapsPath, type FloorMap, type FloorMapList } from '../../../shared/contract/maps';
import type { QrCodeInfo } from '../../../shared/contract/qr-codes';
import { api } from '../../api/client';
import { mutate } from 'swr';
import { useApi } from '../../api/swr';
import { fillPath } from '../../routing/tree';

const allLevelsPath = `${levelsPath}/all`;
export const useAllLevels = () => useApi<LevelList>(allLevelsPath, { searchParams: { depth: 'ALL' } });
/** Reloads the whole tree wherever it is shown (after a change), without a screen having to load it. */
export const refreshAllLevels = () =>
  mutate((key) => Array.isArray(key) && key[0] === 'api' && key[1] === allLevelsPath);
export const useLevel = (id: number | null) => useApi<Level>(id === null ? null : levelPath(id));
export const useMaps = () => useApi<FloorMapList>(mapsPath);
export const useLevelQrCode = (id: number | null) =>
  useApi<QrCodeInfo>(id === null ? null : `${levelPath(id)}/qr-code`);

export const createLevel = (body: CreateLevelBody) => api.post<Level>(levelsPath, body);
export const updateLevel = (id: number, body: UpdateLevelBody) => api.put<Level>(levelPath(id), body);
export const deleteLevel = (id: number) => api.delete<{ message: string }>(levelPath(id));

/** Silent: the map screen shows a refused file's message under the field. */
export const uploadMap = (name: string, contentBase64: string) =>
  api.post<FloorMap>(mapsPath, { name, content_base64: contentBase64 }, { silent: true });

/** PUT resources/{id}/position, silent: the placement editor shows a refusal beside the plan. */
export const placeResource = (id: number, body: PositionBody) =>
  api.put<Resource>(fillPath(resourcePaths.position, { id }), body, { silent: true });
