import type { TempToken } from '../../../shared/contract/real-time';
import { tempTokenPath } from '../../../shared/contract/real-time';
import { mapsPath, type FloorMap } from '../../../shared/contract/maps';
import { api } from '../../api/client';

/**
 * spec §4 "Realtime map toggles realtime 0/1; enabling fetches a temporary token, disabling clears
 * it" (spec §7 PUT maps/{id} with set_realtime=1, POST temp token with realtime true).
 */
export async function switchRealtime(
  mapId: number,
  on: boolean,
): Promise<{ map: FloorMap; token: string | null }> {
  const map = await api.put<FloorMap>(
    `${mapsPath}/${mapId}`,
    { realtime: on ? 1 : 0 },
    { searchParams: { set_realtime: 1 } },
  );
  return { map, token: on ? await issueWallToken(mapId) : null };
}

/** A new link for the map's wall screens; the one before stops working. */
export async function issueWallToken(mapId: number): Promise<string> {
  return (await api.post<TempToken>(tempTokenPath(mapId), { realtime: true })).access_token;
}
