import { Caption1, makeStyles, Subtitle1, tokens } from '@fluentui/react-components';
import {
  ArrowUndo20Regular,
  CalendarLtr20Regular,
  Circle20Regular,
  Person20Filled,
  type FluentIcon,
} from '@fluentui/react-icons';
import { useMemo } from 'react';
import type { LiveMap, LiveState } from '../../../shared/contract/real-time';
import { useLabel } from '../../i18n/i18n';
import { useWhen } from '../../i18n/use-when';
import { FloorPlan, type FloorPlanItem } from '../../ui/floor-plan';
import { inkOn } from '../reports/heat';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, width: '100%' },
  heading: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'baseline',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
  },
  legend: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalL,
    fontSize: tokens.fontSizeBase400,
  },
  entry: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  swatch: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '32px',
    height: '32px',
    borderRadius: tokens.borderRadiusCircular,
    border: `${tokens.strokeWidthThick} solid ${tokens.colorNeutralStroke1}`,
    '@media (forced-colors: active)': { forcedColorAdjust: 'none' },
  },
  plan: { maxWidth: '100%' },
});

const SYMBOLS: Record<LiveState, FluentIcon> = {
  free: Circle20Regular,
  booked: CalendarLtr20Regular,
  checked_in: Person20Filled,
  released: ArrowUndo20Regular,
};

/** A state's colours: the company's for free, booked and checked in; released stands apart in grey. */
function coloursOf(state: LiveState, live: LiveMap): { background: string; ink: string } {
  if (state === 'released')
    return { background: tokens.colorNeutralBackground5, ink: tokens.colorNeutralForeground1 };
  const background = live.colors[state];
  return {
    background,
    ink: /^#[0-9a-f]{6}$/i.test(background) ? inkOn(background) : tokens.colorNeutralForeground1,
  };
}

/**
 * A real-time map (spec §2 /real-time/map/:mapId, and the wall screen): the floor plan with a
 * marker per resource coloured by its state now, a symbol on each as a cue besides the colour, the
 * state read out with the name, and a legend counting each state.
 */
export function LiveFloorMap({ live, imagePath }: { live: LiveMap; imagePath: string }) {
  const styles = useStyles();
  const t = useLabel();
  const when = useWhen();
  const words: Record<LiveState, string> = {
    free: t('real-time.state.free', 'Free'),
    booked: t('real-time.state.booked', 'Booked'),
    checked_in: t('real-time.state.checked-in', 'Checked in'),
    released: t('real-time.state.released', 'Released'),
  };
  const items = useMemo<FloorPlanItem[]>(
    () =>
      live.resources.map((resource) => {
        const Symbol = SYMBOLS[resource.state];
        return {
          id: resource.id,
          name: resource.name,
          x: resource.x,
          y: resource.y,
          heat: { ...coloursOf(resource.state, live), text: words[resource.state] },
          face: <Symbol aria-hidden="true" />,
        };
      }),
    // words change with the language only
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [live, t],
  );
  const title = live.levels.map((level) => level.name).join(', ') || live.map.name;
  const at = when.time(live.at);
  return (
    <section className={styles.root} aria-label={title}>
      <div className={styles.heading}>
        <Subtitle1 as="h2">{title}</Subtitle1>
        <Caption1 role="status">{t('real-time.updated', 'Updated at {time}', { time: at })}</Caption1>
      </div>
      <ul className={styles.legend} aria-label={t('real-time.legend', 'Legend')}>
        {(Object.keys(SYMBOLS) as LiveState[]).map((state) => {
          const Symbol = SYMBOLS[state];
          const { background, ink } = coloursOf(state, live);
          const count = live.resources.filter((resource) => resource.state === state).length;
          return (
            <li key={state} className={styles.entry} data-state={state}>
              <span
                className={styles.swatch}
                style={{ backgroundColor: background, color: ink }}
                aria-hidden="true"
              >
                <Symbol />
              </span>
              <span>{t('real-time.legend-entry', '{state}: {count}', { state: words[state], count })}</span>
            </li>
          );
        })}
      </ul>
      <div className={styles.plan}>
        <FloorPlan
          imagePath={imagePath}
          width={live.map.width}
          height={live.map.height}
          items={items}
          label={t('real-time.plan-label', 'Live floor plan of {name}', { name: title })}
          markerSize="large"
        />
      </div>
    </section>
  );
}
