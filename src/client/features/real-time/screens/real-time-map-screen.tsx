import { mapImagePath } from '../../../../shared/contract/maps';
import { liveMapPath, type LiveMap } from '../../../../shared/contract/real-time';
import { errorMessage } from '../../../api/errors';
import { useApi } from '../../../api/swr';
import { useLabel } from '../../../i18n/i18n';
import { useRefetchOnEvent } from '../../../realtime';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { LiveFloorMap } from '../live-map';
import { useParams } from 'react-router-dom';
import { useEverySoOften } from '../use-every-so-often';

/**
 * spec §2 /real-time/map/:mapId (REAL_TIME): one map's states now, read again on every burst of
 * booking changes (spec §4 'declaration changed') and each minute, as bookings start and end.
 */
export default function RealTimeMapScreen() {
  const t = useLabel();
  const mapId = Number(useParams().mapId);
  const live = useApi<LiveMap>(Number.isInteger(mapId) && mapId > 0 ? liveMapPath(mapId) : null);
  const refetch = () => void live.mutate();
  useRefetchOnEvent('declaration_changed', refetch);
  useEverySoOften(refetch);
  if (live.error) return <ErrorText message={errorMessage(live.error)} />;
  if (!live.data) return <Loader label={t('general.loading', 'Loading…')} />;
  return <LiveFloorMap live={live.data} imagePath={mapImagePath(live.data.map.id)} />;
}
