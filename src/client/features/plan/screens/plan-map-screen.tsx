import {
  Body1,
  Button,
  Caption1,
  makeStyles,
  MessageBar,
  MessageBarBody,
  tokens,
} from '@fluentui/react-components';
import * as L from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { occupancyBand, type BookingPreferences } from '../../../../shared/booking/preferences';
import { mapImagePath, mapsPath, type FloorMap } from '../../../../shared/contract/maps';
import type { ResourceOccupancy } from '../../../../shared/contract/plan';
import type { Resource } from '../../../../shared/contract/resources';
import { useApi } from '../../../api/swr';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { useRevalidateOnDeclarationChange } from '../../../realtime';
import { href } from '../../../routing/paths';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useAuthorizedImage } from '../../../ui/use-authorized-image';
import { useBookingPreferences } from '../../preferences/use-booking-preferences';
import { book, useLevelResources, useLevelResourcesOccupancy, usePlanLevel } from '../api';
import { useLeafletStyles } from '../leaflet-styles';
import { PlanDateField } from '../plan-date-field';
import { slotOn, usePlanState, type SelectedSlot } from '../plan-state';
import { usePlanLevelId } from '../use-plan-ids';
import { usePlanStyles } from './plan.styles';
import { spanOf } from '../slot-picker';
import { labelOffset, placeLabels } from '../label-placement';

const UNFILTERED = {
  query: '',
  resource_type: [],
  resource_model: [],
  resource_attribute: [],
  capacity: null,
};
const MARKER_PX = 26;

const useMapStyles = makeStyles({
  map: {
    width: '100%',
    height: '70vh',
    minHeight: '320px',
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
  },
  marker: {
    borderRadius: tokens.borderRadiusCircular,
    border: `2px solid ${tokens.colorNeutralBackground1}`,
    boxShadow: tokens.shadow4,
    boxSizing: 'border-box',
    ':focus-visible': { outline: `3px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  mine: { border: `4px solid ${tokens.colorBrandStroke1}` },
  occupied: { opacity: 0.75 },
  // not a colour alone: a dashed ring, and the words in the marker's name
  uncleaned: { outline: `3px dashed ${tokens.colorNeutralForeground1}`, outlineOffset: '1px' },
  pin: { position: 'relative', display: 'block', width: '100%', height: '100%' },
  name: {
    position: 'absolute',
    whiteSpace: 'nowrap',
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
    color: tokens.colorNeutralForeground1,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusSmall,
    boxShadow: tokens.shadow2,
    padding: `0 ${tokens.spacingHorizontalXS}`,
  },
});

export interface MapMarker {
  resource: Pick<Resource, 'id' | 'name' | 'map_x' | 'map_y'>;
  state: ResourceOccupancy;
}

/** A marker's words: its name, its occupancy, and the chosen slot's state. */
function markerLabel(marker: MapMarker, slot: SelectedSlot | null, t: ReturnType<typeof useLabel>): string {
  const { state } = marker;
  const parts = [
    marker.resource.name,
    t('plan.occupancy', '{percentage}% booked', { percentage: state.occupancy_percentage }),
  ];
  if (state.awaiting_cleaning)
    parts.push(t('plan.awaiting-cleaning', 'Awaiting cleaning: it can be booked once cleaned'));
  if (state.mine) parts.push(t('plan.slot-mine', 'Booked by you'));
  else if (state.occupied) parts.push(t('plan.slot-occupied', 'Occupied'));
  else if (slot) parts.push(t('plan.slot-free', 'Free'));
  return parts.join(', ');
}

/**
 * spec §2 r_plan-maps, r_plan-maps-slots, r_plan-slots-maps: the level's floor plan (leaflet, simple
 * coordinates, the image read with the bearer), a marker per placed resource coloured by its
 * occupancy band (the company's thresholds and colours); a marker (click, Enter or Space) books the
 * chosen slot, or opens the resource's slots when none is chosen.
 */
export default function PlanMapScreen() {
  useLeafletStyles();
  // Other people's bookings recolour the markers as they happen (spec §4 'declaration changed').
  useRevalidateOnDeclarationChange();
  const styles = usePlanStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const levelId = usePlanLevelId();
  const plan = usePlanState();
  const { preferences } = useBookingPreferences();
  const level = usePlanLevel(levelId);
  const mapId = level.data?.map_id ?? null;
  const floorMap = useApi<FloorMap>(mapId === null ? null : `${mapsPath}/${mapId}`);
  const image = useAuthorizedImage(mapId === null ? null : mapImagePath(mapId));
  const resources = useLevelResources(levelId, UNFILTERED);
  const occupancy = useLevelResourcesOccupancy(levelId, plan.date, slotOn(plan, levelId));
  const [asked, setAsked] = useState<MapMarker | null>(null);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [booked, setBooked] = useState<string | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  // The question takes the focus, so a keyboard user answers it at once.
  useEffect(() => {
    if (asked) confirmRef.current?.focus();
  }, [asked]);

  const markers = useMemo(() => {
    const states = new Map((occupancy.data?.data ?? []).map((row) => [row.resource_id, row]));
    return (resources.data?.data ?? []).flatMap((resource) => {
      const state = states.get(resource.id);
      const placed = resource.map_level_id === levelId && resource.map_x !== null && resource.map_y !== null;
      return placed && state ? [{ resource, state }] : [];
    });
  }, [resources.data, occupancy.data, levelId]);

  const failed = level.error ?? floorMap.error ?? resources.error ?? occupancy.error;
  // Refusals name their rule (issue 38): the server’s message, not the status line.
  if (failed) return <ErrorText message={errorMessage(failed)} />;
  if (!level.data || !preferences || levelId === null)
    return <Loader label={t('general.loading', 'Loading…')} />;
  if (mapId === null)
    return <Body1 role="status">{t('plan.map.no-map', 'This level has no floor map.')}</Body1>;
  const slot = slotOn(plan, levelId);

  const activate = (marker: MapMarker) => {
    setFailure(null);
    setBooked(null);
    if (!slot) {
      void navigate(
        href('r_plan-resources-resource', { plan_level_id: levelId, resource_id: marker.resource.id }),
      );
      return;
    }
    setAsked(marker);
  };

  const confirm = async () => {
    if (!asked || !slot) return;
    setPending(true);
    try {
      await book({
        resource_id: asked.resource.id,
        slots: slot.slots.map(({ datetime_from, datetime_to }) => ({ datetime_from, datetime_to })),
      });
      setBooked(
        t('plan.booked', '{name} is booked for {from}–{to}.', {
          name: asked.resource.name,
          ...spanOf(slot.slots, preferences),
        }),
      );
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setPending(false);
      setAsked(null);
      void occupancy.mutate();
    }
  };

  return (
    <div className={styles.page}>
      <Body1>{level.data.path}</Body1>
      <div className={styles.toolbar}>
        <PlanDateField timeZone={level.data.timezone} />
        <Caption1>
          {slot
            ? t('plan.slot-chosen', 'Slot {from}–{to}', {
                ...spanOf(slot.slots, preferences),
              })
            : t('plan.map.no-slot-hint', 'No slot chosen: a marker opens the resource’s slots.')}
        </Caption1>
        <Button onClick={() => void navigate(href('r_plan-resources-slots', { plan_level_id: levelId }))}>
          {t('plan.choose-slot', 'Choose a slot')}
        </Button>
      </div>
      <Legend preferences={preferences} />
      <ErrorText message={failure ?? image.error} />
      {booked && (
        <MessageBar intent="success" role="status">
          <MessageBarBody>{booked}</MessageBarBody>
        </MessageBar>
      )}
      {!floorMap.data || image.loading || !image.url || !resources.data || !occupancy.data ? (
        <Loader label={t('general.loading', 'Loading…')} />
      ) : (
        <LeafletPlan
          imageUrl={image.url}
          width={floorMap.data.width}
          height={floorMap.data.height}
          label={t('plan.map.label', 'Floor plan of {name}', { name: level.data.name })}
          markers={markers}
          slot={slot}
          preferences={preferences}
          onActivate={activate}
        />
      )}
      {asked && slot && (
        <div className={styles.actions} role="group" aria-label={t('plan.book', 'Book')}>
          <Body1>
            {t('plan.book-confirm', 'Book {name} for {from}–{to}?', {
              name: asked.resource.name,
              ...spanOf(slot.slots, preferences),
            })}
          </Body1>
          <Button appearance="primary" ref={confirmRef} disabled={pending} onClick={() => void confirm()}>
            {pending ? t('plan.booking', 'Booking…') : t('plan.book', 'Book')}
          </Button>
          <Button onClick={() => setAsked(null)}>{t('general.actions.cancel', 'Cancel')}</Button>
        </div>
      )}
    </div>
  );
}

function Legend({ preferences }: { preferences: BookingPreferences }) {
  const styles = usePlanStyles();
  const t = useLabel();
  const bands = [
    ['low', t('plan.band.low', 'Low occupancy')],
    ['average', t('plan.band.average', 'Average occupancy')],
    ['high', t('plan.band.high', 'High occupancy')],
  ] as const;
  return (
    <ul
      className={styles.actions}
      aria-label={t('plan.map.legend', 'Legend')}
      style={{ listStyleType: 'none', padding: 0, margin: 0 }}
    >
      {bands.map(([band, name]) => (
        <li key={band} className={styles.marks}>
          <span aria-hidden className={styles.band} style={{ backgroundColor: preferences.colors[band] }} />
          <Caption1>{name}</Caption1>
        </li>
      ))}
      <li className={styles.marks}>
        <span
          aria-hidden
          className={styles.band}
          style={{ boxShadow: `inset 0 0 0 3px ${tokens.colorBrandStroke1}` }}
        />
        <Caption1>{t('plan.slot-mine', 'Booked by you')}</Caption1>
      </li>
      <li className={styles.marks}>
        <span
          aria-hidden
          className={styles.band}
          style={{ outline: `3px dashed ${tokens.colorNeutralForeground1}`, outlineOffset: '-3px' }}
        />
        <Caption1>{t('plan.legend-awaiting-cleaning', 'Awaiting cleaning')}</Caption1>
      </li>
    </ul>
  );
}

/** The leaflet map: built once per image, its markers redrawn when their states change. */
function LeafletPlan({
  imageUrl,
  width,
  height,
  label,
  markers,
  slot,
  preferences,
  onActivate,
}: {
  imageUrl: string;
  width: number;
  height: number;
  label: string;
  markers: readonly MapMarker[];
  slot: SelectedSlot | null;
  preferences: BookingPreferences;
  onActivate(marker: MapMarker): void;
}) {
  const classes = useMapStyles();
  const t = useLabel();
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const layerRef = useRef<L.LayerGroup | null>(null);
  // Lays the markers' names out again (zoom, pan, resize): placeLabels decides which fit where.
  const layoutRef = useRef<() => void>(() => undefined);
  const activateRef = useRef(onActivate);
  useEffect(() => {
    activateRef.current = onActivate;
  }, [onActivate]);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const bounds = L.latLngBounds([0, 0], [height, width]);
    const map = L.map(container, {
      crs: L.CRS.Simple,
      minZoom: -5,
      maxZoom: 3,
      zoomSnap: 0.25,
      attributionControl: false,
      maxBounds: bounds.pad(0.5),
    });
    L.imageOverlay(imageUrl, bounds, { alt: label }).addTo(map);
    map.fitBounds(bounds);
    layerRef.current = L.layerGroup().addTo(map);
    mapRef.current = map;
    map.on('zoomend moveend resize', () => layoutRef.current());
    return () => {
      map.remove();
      mapRef.current = null;
      layerRef.current = null;
    };
  }, [imageUrl, width, height, label]);

  useEffect(() => {
    const layer = layerRef.current;
    if (!layer) return;
    layer.clearLayers();
    const named: Array<{ id: number; pin: L.Marker; name: HTMLSpanElement; priority: number }> = [];
    for (const marker of markers) {
      const { state } = marker;
      const face = document.createElement('span');
      face.className = [
        classes.marker,
        state.mine ? classes.mine : '',
        state.occupied ? classes.occupied : '',
        state.awaiting_cleaning ? classes.uncleaned : '',
      ]
        .filter(Boolean)
        .join(' ');
      face.style.display = 'block';
      face.style.width = '100%';
      face.style.height = '100%';
      face.style.backgroundColor = preferences.colors[occupancyBand(state.occupancy_percentage, preferences)];
      // The name, beside the marker where it has room (layout below); its words are the marker's label.
      const name = document.createElement('span');
      name.className = classes.name;
      name.textContent = marker.resource.name;
      name.setAttribute('aria-hidden', 'true');
      name.style.visibility = 'hidden';
      const holder = document.createElement('span');
      holder.className = classes.pin;
      holder.append(face, name);
      const pin = L.marker([height * (1 - marker.resource.map_y!), width * marker.resource.map_x!], {
        icon: L.divIcon({ html: holder, className: '', iconSize: [MARKER_PX, MARKER_PX] }),
        keyboard: true,
        title: marker.resource.name,
      });
      pin.on('click', () => activateRef.current(marker));
      pin.addTo(layer);
      named.push({ id: marker.resource.id, pin, name, priority: state.mine ? 0 : state.occupied ? 2 : 1 });
      const element = pin.getElement();
      if (element) {
        element.setAttribute('aria-label', markerLabel(marker, slot, t));
        element.addEventListener('keydown', (event) => {
          if (event.key !== 'Enter' && event.key !== ' ') return;
          event.preventDefault();
          activateRef.current(marker);
        });
      }
    }
    layoutRef.current = () => {
      const map = mapRef.current;
      if (!map) return;
      const sizes = named.map(({ name }) => ({ width: name.offsetWidth, height: name.offsetHeight }));
      const sides = placeLabels(
        named.map(({ id, pin }, index) => {
          const point = map.latLngToContainerPoint(pin.getLatLng());
          return { id, x: point.x, y: point.y, ...sizes[index]!, priority: named[index]!.priority };
        }),
        MARKER_PX,
        { width: map.getSize().x, height: map.getSize().y },
      );
      named.forEach(({ id, name }, index) => {
        const side = sides.get(id);
        name.style.visibility = side ? 'visible' : 'hidden';
        if (!side) return;
        // From the marker's centre to its element's top left corner, where the name is placed.
        const offset = labelOffset(side, sizes[index]!.width, sizes[index]!.height, MARKER_PX);
        name.style.left = `${offset.left + MARKER_PX / 2}px`;
        name.style.top = `${offset.top + MARKER_PX / 2}px`;
      });
    };
    layoutRef.current();
  }, [imageUrl, markers, slot, preferences, classes, width, height, t]);

  return <div ref={containerRef} className={classes.map} role="region" aria-label={label} />;
}
