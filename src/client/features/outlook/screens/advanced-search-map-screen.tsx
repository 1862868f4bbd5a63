import { Body1 } from '@fluentui/react-components';
import { useNavigate } from 'react-router-dom';
import { mapImagePath, mapsPath, type FloorMap } from '../../../../shared/contract/maps';
import { useApi } from '../../../api/swr';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { ErrorText } from '../../../ui/error-text';
import { FloorPlan } from '../../../ui/floor-plan';
import { Loader } from '../../../ui/loader';
import { useFreeRooms } from '../api';
import { useOutlookStyles } from '../components/outlook.styles';
import { usePane } from '../pane-state';
import { seatsWanted } from '../seats';
import { useSearchFiltersState } from '../search-filters';
import { PaneReady } from '../use-pane-ready';

/**
 * spec §2 /outlook/advanced-search/map: the free rooms of the search on their floor plan (the
 * chosen level's, else the best room's); a marker opens the room.
 */
function SearchMap() {
  const styles = useOutlookStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const { meeting, seats } = usePane();
  const filters = useSearchFiltersState();
  const rooms = useFreeRooms(
    meeting
      ? {
          start: meeting.start,
          end: meeting.end,
          attendees: seatsWanted(meeting, seats),
          levelId: filters.levelId,
          capacity: filters.capacity,
          resourceType: filters.resourceType,
          attributes: filters.attributes,
        }
      : null,
  );
  const found = rooms.data?.data ?? [];
  const levelId = filters.levelId ?? found.find((room) => room.level.map_id !== null)?.level.id ?? null;
  const onLevel = found.filter((room) => room.level.id === levelId);
  const mapId = onLevel.find((room) => room.level.map_id !== null)?.level.map_id ?? null;
  const floorMap = useApi<FloorMap>(mapId === null ? null : `${mapsPath}/${mapId}`);
  if (rooms.error ?? floorMap.error) return <ErrorText message={(rooms.error ?? floorMap.error)!.message} />;
  if (!rooms.data) return <Loader label={t('outlook.finding-rooms', 'Finding free rooms…')} />;
  if (mapId === null)
    return <Body1 role="status">{t('outlook.no-map', 'No floor map shows these rooms.')}</Body1>;
  if (!floorMap.data) return <Loader label={t('general.loading', 'Loading…')} />;
  return (
    <div className={styles.screen}>
      <FloorPlan
        imagePath={mapImagePath(mapId)}
        width={floorMap.data.width}
        height={floorMap.data.height}
        label={t('outlook.map-of', 'Free rooms on {level}', { level: onLevel[0]?.level.path ?? '' })}
        items={onLevel.map((room) => ({
          id: room.id,
          name: room.name,
          x: room.map_x,
          y: room.map_y,
          typeName: room.resource_type.name,
        }))}
        onSelect={(id) => void navigate(href('r_outlook-advanced-search-info', { resource_id: id }))}
      />
    </div>
  );
}

export default function AdvancedSearchMapScreen() {
  return (
    <PaneReady>
      <SearchMap />
    </PaneReady>
  );
}
