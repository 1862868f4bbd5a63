import {
  Body1,
  Button,
  Caption1,
  Checkbox,
  Field,
  Input,
  SearchBox,
  Select,
  Subtitle2,
} from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { mapImagePath, mapsPath, type FloorMap } from '../../../../shared/contract/maps';
import type { SchedulerResource } from '../../../../shared/contract/scheduler';
import { useApi } from '../../../api/swr';
import { useLabel } from '../../../i18n/i18n';
import { useWhen } from '../../../i18n/use-when';
import { href } from '../../../routing/paths';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { FloorPlan } from '../../../ui/floor-plan';
import { Loader } from '../../../ui/loader';
import { useAllPlanLevels } from '../../plan/api';
import { useRoom, useRooms } from '../api';
import { SCHEDULER_LIMITS } from '../../../../shared/contract/scheduler';
import { updateDraft, useSchedulerDraft } from '../scheduler-state';
import { useSchedulerStyles } from '../scheduler.styles';
import { chooseAlternative, usePreview } from './preview-screen';

const toggleRoom = (room: Pick<SchedulerResource, 'id' | 'name'>, chosen: boolean) =>
  updateDraft((d) => {
    const rooms = chosen
      ? d.rooms.some((r) => r.id === room.id)
        ? d.rooms
        : [...d.rooms, { id: room.id, name: room.name }].slice(0, SCHEDULER_LIMITS.rooms)
      : d.rooms.filter((r) => r.id !== room.id);
    // Alternatives chosen for a room that left the meeting no longer apply.
    const alternatives = Object.fromEntries(
      Object.entries(d.alternatives)
        .map(([date, replaced]) => [
          date,
          Object.fromEntries(
            Object.entries(replaced).filter(([original]) => rooms.some((r) => String(r.id) === original)),
          ),
        ])
        .filter(([, replaced]) => Object.keys(replaced as object).length > 0),
    ) as typeof d.alternatives;
    return { ...d, rooms, alternatives };
  });

const describeRoom = (room: SchedulerResource, t: ReturnType<typeof useLabel>) =>
  `${room.level.path} · ${t('scheduler.seats', { one: '{count} seat', other: '{count} seats' }, { count: room.capacity })}`;

/** spec §2 r_scheduler-location: the meeting's rooms, found by level, seats and name. */
export function LocationScreen() {
  const styles = useSchedulerStyles();
  const t = useLabel();
  const draft = useSchedulerDraft();
  const levels = useAllPlanLevels();
  const [levelId, setLevelId] = useState<number | null>(null);
  const [capacity, setCapacity] = useState('');
  const [query, setQuery] = useState('');
  // Decision: the seats filter starts at the number of people invited (the organiser included).
  const seats = capacity === '' ? null : Number(capacity) || null;
  const rooms = useRooms({ levelId, capacity: seats, query });
  const chosen = new Set(draft.rooms.map((room) => room.id));
  const mapLevel = levelId ?? rooms.data?.data.find((room) => room.level.map_id !== null)?.level.id ?? null;

  return (
    <div className={styles.page}>
      <div className={styles.inline}>
        <Field label={t('scheduler.level', 'Location')}>
          <Select
            value={levelId === null ? '' : String(levelId)}
            onChange={(_event, data) => setLevelId(data.value ? Number(data.value) : null)}
          >
            <option value="">{t('scheduler.all-levels', 'Everywhere')}</option>
            {(levels.data?.data ?? []).map((level) => (
              <option key={level.id} value={level.id}>
                {level.path}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('scheduler.min-seats', 'Seats at least')}>
          <Input
            type="number"
            min={1}
            value={capacity}
            placeholder={String(draft.attendees.length + 1)}
            onChange={(_event, data) => setCapacity(data.value)}
          />
        </Field>
        <SearchBox
          aria-label={t('scheduler.search-rooms', 'Search rooms')}
          placeholder={t('scheduler.search-rooms', 'Search rooms')}
          value={query}
          onChange={(_event, data) => setQuery(data.value)}
        />
      </div>
      <Body1 role="status">
        {draft.rooms.length === 0
          ? t('scheduler.no-rooms', 'No room chosen yet')
          : t('scheduler.chosen-rooms', 'Chosen: {rooms}', {
              rooms: draft.rooms.map((room) => room.name).join(', '),
            })}
      </Body1>
      {mapLevel !== null && (
        <AppLink to={`${href('r_scheduler-location-map')}?level_id=${mapLevel}`}>
          {t('scheduler.show-map', 'Show on the map')}
        </AppLink>
      )}
      {rooms.error ? (
        <ErrorText message={rooms.error.message} />
      ) : !rooms.data ? (
        <Loader label={t('general.loading', 'Loading…')} />
      ) : rooms.data.data.length === 0 ? (
        <Body1>{t('scheduler.no-room-found', 'No room matches.')}</Body1>
      ) : (
        <ul className={styles.rows} aria-label={t('scheduler.rooms', 'Rooms')}>
          {rooms.data.data.map((room) => (
            <li key={room.id} className={styles.row}>
              <div className={styles.rowMain}>
                <Checkbox
                  label={room.name}
                  checked={chosen.has(room.id)}
                  onChange={(_event, data) => toggleRoom(room, data.checked === true)}
                />
                <Caption1 className={styles.detail}>{describeRoom(room, t)}</Caption1>
              </div>
              <AppLink
                to={href('r_scheduler-location-resource-info', { resourceId: room.id })}
                aria-label={t('scheduler.about-room', 'About {room}', { room: room.name })}
              >
                {t('scheduler.about', 'About')}
              </AppLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** One room's details (location resource-info, and the services' rooms). */
export function RoomDetails({ id }: { id: number | null }) {
  const styles = useSchedulerStyles();
  const t = useLabel();
  const draft = useSchedulerDraft();
  const { data: info, error } = useRoom(id);
  if (error) return <ErrorText message={error.message} />;
  if (!info) return <Loader label={t('general.loading', 'Loading…')} />;
  const room = { data: info };
  const chosen = draft.rooms.some((r) => r.id === info.id);
  return (
    <section className={styles.section} aria-labelledby={`room-${room.data.id}`}>
      <Subtitle2 as="h2" id={`room-${room.data.id}`}>
        {room.data.name}
      </Subtitle2>
      <Body1>{describeRoom(room.data, t)}</Body1>
      {room.data.description && <Body1>{room.data.description}</Body1>}
      {room.data.attributes.length > 0 && <Caption1>{room.data.attributes.join(', ')}</Caption1>}
      {room.data.resource_model === 'on_request' && (
        <Caption1>{t('scheduler.on-request', 'Booked on request: an administrator approves it.')}</Caption1>
      )}
      <div className={styles.actions}>
        <Button appearance={chosen ? 'secondary' : 'primary'} onClick={() => toggleRoom(info, !chosen)}>
          {chosen
            ? t('scheduler.remove-room', 'Remove from the meeting')
            : t('scheduler.add-room', 'Add to the meeting')}
        </Button>
      </div>
    </section>
  );
}

/** spec §2 r_scheduler-location-resource-info. */
export function RoomInfoScreen() {
  const id = Number(useParams().resourceId);
  return <RoomDetails id={Number.isInteger(id) && id > 0 ? id : null} />;
}

/**
 * spec §2 r_scheduler-location-map: a level's floor plan with its rooms (the floor plan of the
 * levels feature, through ui/floor-plan); choosing a marker adds or removes that room.
 */
export function MapScreen() {
  const styles = useSchedulerStyles();
  const t = useLabel();
  const draft = useSchedulerDraft();
  const [params] = useSearchParams();
  const levels = useAllPlanLevels();
  const levelId = Number(params.get('level_id')) || null;
  const level = levels.data?.data.find((candidate) => candidate.id === levelId) ?? null;
  const mapId = level?.map_id ?? null;
  const floorMap = useApi<FloorMap>(mapId === null ? null : `${mapsPath}/${mapId}`);
  const rooms = useRooms({ levelId, capacity: null, query: '' });
  const onLevel = useMemo(
    () => (rooms.data?.data ?? []).filter((room) => room.level.id === levelId),
    [rooms.data, levelId],
  );
  const failed = levels.error ?? floorMap.error ?? rooms.error;
  if (failed) return <ErrorText message={failed.message} />;
  if (!levels.data || !rooms.data) return <Loader label={t('general.loading', 'Loading…')} />;
  if (!level || mapId === null)
    return <Body1 role="status">{t('scheduler.no-map', 'This level has no floor map.')}</Body1>;
  if (!floorMap.data) return <Loader label={t('general.loading', 'Loading…')} />;
  const chosen = new Set(draft.rooms.map((room) => room.id));
  return (
    <div className={styles.page}>
      <Body1 role="status">
        {draft.rooms.length === 0
          ? t('scheduler.no-rooms', 'No room chosen yet')
          : t('scheduler.chosen-rooms', 'Chosen: {rooms}', {
              rooms: draft.rooms.map((room) => room.name).join(', '),
            })}
      </Body1>
      <FloorPlan
        imagePath={mapImagePath(mapId)}
        width={floorMap.data.width}
        height={floorMap.data.height}
        label={t('scheduler.map-of', 'Floor plan of {level}', { level: level.path })}
        items={onLevel.map((room) => ({ id: room.id, name: room.name, x: room.map_x, y: room.map_y }))}
        onSelect={(id) => {
          const room = onLevel.find((candidate) => candidate.id === id);
          if (room) toggleRoom(room, !chosen.has(id));
        }}
      />
    </div>
  );
}

/**
 * spec §2 r_scheduler-location-alternative/:originalResourceId: another room for the dates the
 * meeting's room is taken (?date= one of them). The server's suggestion comes first; any other room
 * can be taken instead, and the preview checks it again.
 */
export function AlternativeScreen() {
  const styles = useSchedulerStyles();
  const t = useLabel();
  const when = useWhen();
  const navigate = useNavigate();
  const draft = useSchedulerDraft();
  const original = Number(useParams().originalResourceId);
  const [params] = useSearchParams();
  const { preview, error, loading } = usePreview(draft);
  const [query, setQuery] = useState('');
  const rooms = useRooms({ levelId: null, capacity: draft.attendees.length + 1, query });
  const originalRoom = draft.rooms.find((room) => room.id === original);
  if (!originalRoom)
    return (
      <ErrorText
        message={t('scheduler.room-not-in-meeting', 'This room is not one of the meeting’s rooms.')}
      />
    );
  const conflicts = (preview?.occurrences ?? []).flatMap((occurrence) =>
    occurrence.rooms
      .filter((room) => (room.replaces ?? room.id) === original && room.conflict)
      .map((room) => ({ date: occurrence.date, conflict: room.conflict! })),
  );
  const asked = params.get('date');
  const dates = asked ? [asked] : [...new Set(conflicts.map((c) => c.date))];
  const take = (room: { id: number; name: string }) => {
    for (const date of dates) chooseAlternative(date, original, room);
    void navigate(href('r_scheduler-preview'));
  };
  return (
    <div className={styles.page}>
      <Body1>
        {t('scheduler.instead-of', 'Instead of {room} on {dates}', {
          room: originalRoom.name,
          dates: dates.map((date) => when.date(date)).join(', ') || '—',
        })}
      </Body1>
      {error && <ErrorText message={error} />}
      {loading && <Loader label={t('scheduler.checking', 'Checking every occurrence…')} />}
      {conflicts
        .filter((c) => dates.includes(c.date) && c.conflict.alternative)
        .slice(0, 1)
        .map(({ conflict }) => (
          <div key="suggested" className={styles.actions}>
            <Body1>
              {t('scheduler.suggested', 'Suggested: {room} ({level})', {
                room: conflict.alternative!.name,
                level: conflict.alternative!.level_name,
              })}
            </Body1>
            <Button appearance="primary" onClick={() => take(conflict.alternative!)}>
              {t('scheduler.take-suggested', 'Take {room}', { room: conflict.alternative!.name })}
            </Button>
          </div>
        ))}
      <SearchBox
        aria-label={t('scheduler.search-rooms', 'Search rooms')}
        placeholder={t('scheduler.search-rooms', 'Search rooms')}
        value={query}
        onChange={(_event, data) => setQuery(data.value)}
      />
      {rooms.error ? (
        <ErrorText message={rooms.error.message} />
      ) : !rooms.data ? (
        <Loader label={t('general.loading', 'Loading…')} />
      ) : (
        <ul className={styles.rows} aria-label={t('scheduler.rooms', 'Rooms')}>
          {rooms.data.data
            .filter((room) => !draft.rooms.some((r) => r.id === room.id))
            .map((room) => (
              <li key={room.id} className={styles.row}>
                <div className={styles.rowMain}>
                  <Body1>{room.name}</Body1>
                  <Caption1 className={styles.detail}>{describeRoom(room, t)}</Caption1>
                </div>
                <Button disabled={dates.length === 0} onClick={() => take(room)}>
                  {t('scheduler.take-room', 'Take {room}', { room: room.name })}
                </Button>
              </li>
            ))}
        </ul>
      )}
    </div>
  );
}
