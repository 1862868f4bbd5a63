import { Button, Caption1, mergeClasses, Spinner, Subtitle2, Tooltip } from '@fluentui/react-components';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { useLabel } from '../i18n/i18n';
import { ErrorText } from './error-text';
import {
  DRAG_THRESHOLD_PX,
  isInside,
  nudge,
  pointerToFraction,
  toPercent,
  type Fraction,
} from './floor-plan-geometry';
import { MarkerFace } from './floor-plan-marker-face';
import { useFloorPlanStyles } from './floor-plan.styles';
import { useAuthorizedImage } from './use-authorized-image';

/** One thing drawn on a plan (a resource): x and y are fractions of the plan, null when not placed. */
export interface FloorPlanItem {
  id: number;
  name: string;
  x: number | null;
  y: number | null;
  /** the resource type's name and icon key, for the marker's face */
  typeName?: string;
  icon?: string | null;
  /** a heat map's colouring (reports): the marker's colours and what they stand for, read out too */
  heat?: { background: string; ink: string; text: string };
  /** what the marker shows instead of its type's icon (a state's symbol: a cue besides colour) */
  face?: ReactNode;
}

export interface FloorPlanProps {
  /** the plan's image route, read with the bearer token (mapImagePath) */
  imagePath: string | null;
  /** the plan's size in pixels: its aspect ratio */
  width: number;
  height: number;
  items: readonly FloorPlanItem[];
  /** the plan's accessible name ('Floor plan of Floor 2') */
  label: string;
  /** markers can be dragged and moved with the arrow keys; unplaced items wait in a tray beside it */
  editable?: boolean;
  /** a marker was dropped or nudged: save it. A rejection puts it back where the items say. */
  onMove?: (id: number, position: Fraction) => Promise<unknown> | void;
  onSelect?: (id: number) => void;
  /** 'large': markers a finger hits and a wall screen shows from across the room */
  markerSize?: 'medium' | 'large';
}

interface Drag {
  id: number;
  fromTray: boolean;
  startX: number;
  startY: number;
  moved: boolean;
  at: Fraction | null;
}

/** After the last arrow key, this long without another one saves the nudged position. */
const NUDGE_SAVE_DELAY_MS = 400;

/**
 * A floor plan scaled to the width available, with a marker per placed item. Editable: markers are
 * dragged with a pointer (mouse, pen, touch) or moved with the arrow keys, and unplaced items are
 * dragged from the tray or placed at the centre with the keyboard. Positions being saved stay where
 * they were put until onMove settles; the owner's items then say where they are.
 */
export function FloorPlan({
  imagePath,
  width,
  height,
  items,
  label,
  editable = false,
  onMove,
  onSelect,
  markerSize = 'medium',
}: FloorPlanProps) {
  const styles = useFloorPlanStyles();
  const t = useLabel();
  const image = useAuthorizedImage(imagePath);
  const planRef = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const justDragged = useRef(false);
  const nudgeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const nudged = useRef<{ id: number; at: Fraction } | null>(null);
  const [pending, setPending] = useState<Record<number, Fraction>>({});
  const [ghost, setGhost] = useState<{ id: number; clientX: number; clientY: number } | null>(null);
  const [selectedInTray, setSelectedInTray] = useState<number | null>(null);

  useEffect(
    () => () => {
      if (nudgeTimer.current) clearTimeout(nudgeTimer.current);
    },
    [],
  );

  const positionOf = (item: FloorPlanItem): Fraction | null =>
    pending[item.id] ?? (item.x !== null && item.y !== null ? { x: item.x, y: item.y } : null);
  const placed = items.filter((item) => positionOf(item) !== null);
  const unplaced = items.filter((item) => positionOf(item) === null);
  const planRect = () => planRef.current?.getBoundingClientRect() ?? { left: 0, top: 0, width: 0, height: 0 };

  const show = (id: number, at: Fraction) => setPending((current) => ({ ...current, [id]: at }));
  const forget = (id: number, at: Fraction) =>
    setPending((current) => {
      if (current[id] !== at) return current;
      const rest = { ...current };
      delete rest[id];
      return rest;
    });

  const commit = (id: number, at: Fraction) => {
    show(id, at);
    Promise.resolve(onMove?.(id, at))
      .catch(() => undefined) // the owner shows why; the marker goes back to where the items say
      .finally(() => forget(id, at));
  };

  const startDrag = (event: PointerEvent<HTMLElement>, id: number, fromTray: boolean) => {
    if (!editable || event.button !== 0) return;
    justDragged.current = false;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { id, fromTray, startX: event.clientX, startY: event.clientY, moved: false, at: null };
  };

  const moveDrag = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current) return;
    const distance = Math.hypot(event.clientX - current.startX, event.clientY - current.startY);
    if (!current.moved && distance < DRAG_THRESHOLD_PX) return;
    current.moved = true;
    if (current.fromTray) {
      setGhost({ id: current.id, clientX: event.clientX, clientY: event.clientY });
      return;
    }
    current.at = pointerToFraction(event.clientX, event.clientY, planRect());
    show(current.id, current.at);
  };

  const endDrag = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    drag.current = null;
    setGhost(null);
    if (!current?.moved) return;
    justDragged.current = true;
    const rect = planRect();
    if (current.fromTray) {
      if (isInside(event.clientX, event.clientY, rect))
        commit(current.id, pointerToFraction(event.clientX, event.clientY, rect));
      return;
    }
    commit(current.id, pointerToFraction(event.clientX, event.clientY, rect));
  };

  const cancelDrag = () => {
    const current = drag.current;
    drag.current = null;
    setGhost(null);
    if (current?.at) forget(current.id, current.at);
  };

  // The click that ends a drag is not a selection.
  const click = (handler: () => void) => () => {
    if (justDragged.current) {
      justDragged.current = false;
      return;
    }
    handler();
  };

  const keyDown = (event: KeyboardEvent<HTMLElement>, item: FloorPlanItem) => {
    const from = positionOf(item);
    if (!editable || !from) return;
    const to = nudge(from, event.key, event.shiftKey);
    if (!to) return;
    event.preventDefault();
    if (nudgeTimer.current) clearTimeout(nudgeTimer.current);
    nudged.current = { id: item.id, at: to };
    show(item.id, to);
  };

  const keyUp = (event: KeyboardEvent<HTMLElement>, item: FloorPlanItem) => {
    if (!editable || nudge({ x: 0, y: 0 }, event.key, false) === null) return;
    if (nudgeTimer.current) clearTimeout(nudgeTimer.current);
    nudgeTimer.current = setTimeout(() => {
      const last = nudged.current;
      nudged.current = null;
      if (last?.id === item.id) commit(last.id, last.at);
    }, NUDGE_SAVE_DELAY_MS);
  };

  const placeAtCentre = () => {
    if (selectedInTray === null) return;
    const id = selectedInTray;
    commit(id, { x: 0.5, y: 0.5 });
    setSelectedInTray(null);
    // The keyboard goes on with the marker just placed (the arrow keys move it).
    requestAnimationFrame(() =>
      planRef.current?.querySelector<HTMLElement>(`[data-resource-id="${id}"]`)?.focus(),
    );
  };

  const ghostItem = ghost ? items.find((item) => item.id === ghost.id) : undefined;

  return (
    <div className={styles.root}>
      <div className={styles.planColumn}>
        <div
          ref={planRef}
          className={styles.plan}
          style={{ aspectRatio: `${Math.max(width, 1)} / ${Math.max(height, 1)}` }}
          role="group"
          aria-label={label}
          data-testid="floor-plan"
        >
          {image.url && <img className={styles.image} src={image.url} alt={label} draggable={false} />}
          {image.loading && <Spinner size="small" label={t('general.loading', 'Loading…')} />}
          {placed.map((item) => {
            const at = positionOf(item)!;
            const name = item.heat
              ? t('floor-plans.heat-marker', '{name}: {text}', { name: item.name, text: item.heat.text })
              : t('floor-plans.marker', '{name}, placed at {x}%, {y}%', {
                  name: item.name,
                  x: toPercent(at.x),
                  y: toPercent(at.y),
                });
            return (
              <Tooltip key={item.id} content={item.name} relationship="description" withArrow>
                <button
                  type="button"
                  className={mergeClasses(
                    styles.marker,
                    markerSize === 'large' && styles.large,
                    editable && styles.draggable,
                    pending[item.id] && styles.dragging,
                  )}
                  style={{
                    left: `${at.x * 100}%`,
                    top: `${at.y * 100}%`,
                    ...(item.heat ? { backgroundColor: item.heat.background, color: item.heat.ink } : {}),
                  }}
                  aria-label={name}
                  data-resource-id={item.id}
                  onPointerDown={(event) => startDrag(event, item.id, false)}
                  onPointerMove={moveDrag}
                  onPointerUp={endDrag}
                  onPointerCancel={cancelDrag}
                  onKeyDown={(event) => keyDown(event, item)}
                  onKeyUp={(event) => keyUp(event, item)}
                  onClick={click(() => onSelect?.(item.id))}
                >
                  {item.face ?? <MarkerFace name={item.name} typeName={item.typeName} icon={item.icon} />}
                </button>
              </Tooltip>
            );
          })}
        </div>
        <ErrorText message={image.error} />
        {editable && (
          <Caption1 className={styles.hint}>
            {t(
              'floor-plans.keyboard-hint',
              'Drag a marker to move it, or focus it and use the arrow keys (Shift: 5% at a time).',
            )}
          </Caption1>
        )}
      </div>
      {editable && (
        <section className={styles.tray} aria-labelledby="floor-plan-tray-title">
          <Subtitle2 id="floor-plan-tray-title">{t('floor-plans.unplaced', 'Not on the plan')}</Subtitle2>
          {unplaced.length === 0 ? (
            <Caption1 className={styles.hint}>
              {t('floor-plans.all-placed', 'Every resource is on the plan.')}
            </Caption1>
          ) : (
            <>
              <Caption1 className={styles.hint}>
                {t(
                  'floor-plans.tray-hint',
                  'Drag a resource onto the plan, or select it and place it at the centre.',
                )}
              </Caption1>
              <ul className={styles.trayList}>
                {unplaced.map((item) => (
                  <li key={item.id}>
                    <Button
                      className={styles.trayItem}
                      appearance={selectedInTray === item.id ? 'primary' : 'secondary'}
                      aria-pressed={selectedInTray === item.id}
                      icon={<MarkerFace name={item.name} typeName={item.typeName} icon={item.icon} />}
                      data-resource-id={item.id}
                      onPointerDown={(event) => startDrag(event, item.id, true)}
                      onPointerMove={moveDrag}
                      onPointerUp={endDrag}
                      onPointerCancel={cancelDrag}
                      onClick={click(() => setSelectedInTray(selectedInTray === item.id ? null : item.id))}
                    >
                      {item.name}
                    </Button>
                  </li>
                ))}
              </ul>
              <Button disabled={selectedInTray === null} onClick={placeAtCentre}>
                {t('floor-plans.place-at-centre', 'Place at centre')}
              </Button>
            </>
          )}
        </section>
      )}
      {ghost && ghostItem && (
        <div
          className={mergeClasses(styles.marker, styles.ghost, styles.dragging)}
          style={{ left: ghost.clientX, top: ghost.clientY }}
          aria-hidden="true"
        >
          <MarkerFace name={ghostItem.name} typeName={ghostItem.typeName} icon={ghostItem.icon} />
        </div>
      )}
    </div>
  );
}
