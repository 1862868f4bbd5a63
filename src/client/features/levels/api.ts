import { resourcePaths, type PositionBody, type Resource } from '../../../shared/contract/resources';
import type { CreateLevelBody, Level, LevelList, UpdateLevelBody } from '../../../shared/contract/levels';
import { levelPath, levelsPath } from '../../../shared/contract/levels';
import { mapsPath, type FloorMap, type FloorMapList } from '../../../shared/contract/maps';
import type { QrCodeInfo } from '../../../shared/contract/qr-codes';
import { api } from '../../api/client';
import { useApi } from '../../api/swr';

export const useAllLevels = () => useApi<LevelList>(`${levelsPath}/all`, { searchParams: { depth: 'ALL' } });
export const useLevel = (id: number | null) => useApi<Level>(id === null ? null : levelPath(id));
export const useMaps = () => useApi<FloorMapList>(mapsPath);
export const useLevelQrCode = (id: number | null) =>
  useApi<QrCodeInfo>(id === null ? null : `${levelPath(id)}/qr-code`);

export const createLevel = (body: CreateLevelBody) => api.post<Level>(levelsPath, body);
export const updateLevel = (id: number, body: UpdateLevelBody) => api.put<Level>(levelPath(id), body);
export const deleteLevel = (id: number) => api.delete<{ message: string }>(levelPath(id));

/** Reads a file as base64 (without the data: prefix), reporting progress 0..1. */
export function readAsBase64(file: File, onProgress: (share: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.readAsDataURL(file);
  });
}

/** Silent: the map screen shows a refused file's message under the field. */
export const uploadMap = (name: string, contentBase64: string) =>
  api.post<FloorMap>(mapsPath, { name, content_base64: contentBase64 }, { silent: true });

/** PUT resources/{id}/position, silent: the placement editor shows a refusal beside the plan. */
export const placeResource = (id: number, body: PositionBody) =>
  api.put<Resource>(resourcePaths.position.replace(':id', String(id)), body, { silent: true });
