import { Button, Tooltip } from '@fluentui/react-components';
import { Map20Regular } from '@fluentui/react-icons';
import { useNavigate } from 'react-router-dom';
import {
  mapButtonDisabled,
  type MapButtonDisabledReason,
  type MapButtonState,
} from '../../../shared/booking/map-button';
import { useLabel } from '../../i18n/i18n';
import { useSlots } from './api';
import { usePlanState } from './plan-state';
import { usePlanStyles } from './screens/plan.styles';

const REASONS: Record<MapButtonDisabledReason, [code: string, english: string]> = {
  'no-map': ['plan.map.no-map', 'This level has no floor map.'],
  'fully-occupied': ['plan.map.fully-occupied', 'Today is fully booked.'],
  past: ['plan.map.past', 'The slots of the day are in the past.'],
  'no-slot': ['plan.map.no-slot', 'Choose a slot first.'],
};

/**
 * spec §2 Plan footer: the map button, disabled by the shared rule (no map, today full on the
 * resource-slots screen, the day's slots past, no slot in one-click calendar mode), saying why.
 */
export function PlanFooter({
  mapHref,
  state,
  oneClickCalendarMode = false,
}: {
  /** where the map opens */
  mapHref: string;
  state: Omit<MapButtonState, 'now' | 'oneClickCalendarMode'>;
  /** the one-click slots screen (spec §2 /one-click/slots): the map needs a chosen slot */
  oneClickCalendarMode?: boolean;
}) {
  const styles = usePlanStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const reason = mapButtonDisabled({ ...state, now: new Date(), oneClickCalendarMode });
  const label = t('plan.map.open', 'Map');
  return (
    <footer className={styles.footer}>
      {reason ? (
        <Tooltip content={t(...REASONS[reason])} relationship="description">
          <Button icon={<Map20Regular aria-hidden />} disabledFocusable>
            {label}
          </Button>
        </Tooltip>
      ) : (
        <Button icon={<Map20Regular aria-hidden />} onClick={() => navigate(mapHref)}>
          {label}
        </Button>
      )}
    </footer>
  );
}

/**
 * spec §2 footer "the slots are in the past": when the last slot of the level's day (the plan's
 * day, today by default, in its slot type) starts; null until known, or without a level.
 */
export function useLastSlotStart(levelId: number | null): Date | null {
  const plan = usePlanState();
  const slots = useSlots('level', levelId, plan.date, plan.slotType);
  const last = slots.data?.slots.at(-1);
  return last ? new Date(last.datetime_from) : null;
}
