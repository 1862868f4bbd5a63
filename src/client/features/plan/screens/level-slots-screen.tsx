import { errorMessage } from '../../../api/errors';
import { Body1, Button } from '@fluentui/react-components';
import { Navigate, useNavigate } from 'react-router-dom';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useBookingPreferences } from '../../preferences/use-booking-preferences';
import { useOccupancy, usePlanLevel, useSlots } from '../api';
import { OccupancyBadge } from '../occupancy-badge';
import { PlanDateField } from '../plan-date-field';
import { PlanFooter, useLastSlotStart } from '../plan-footer';
import { selectSlot, selectSlotType, slotOn, usePlanState } from '../plan-state';
import { SlotButtons, SlotTypeField, toggleSlot, useSlotChoice } from '../slot-picker';
import { usePlanLevelId } from '../use-plan-ids';
import { usePlanStyles } from './plan.styles';
import { useRevalidateOnDeclarationChange } from '../../../realtime';

/**
 * spec §2 r_plan-resources-slots: the level's slots on the chosen day (free while one of its
 * resources is); the slot chosen here is the plan's selectedSlot, which the list and the map show.
 */
export default function LevelSlotsScreen() {
  // Other people's bookings show here without a reload (spec §4 'declaration changed').
  useRevalidateOnDeclarationChange();
  const styles = usePlanStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const levelId = usePlanLevelId();
  const plan = usePlanState();
  const { preferences } = useBookingPreferences();
  const level = usePlanLevel(levelId);
  const slots = useSlots('level', levelId, plan.date, plan.slotType);
  // the same answer as `slots` (one request)
  const lastSlotStart = useLastSlotStart(levelId);
  const occupancy = useOccupancy('level', levelId, plan.date);
  const [chosen, setChosen] = useSlotChoice(
    plan.date,
    slots.data,
    () => slotOn(plan, levelId)?.slots.map((slot) => slot.datetime_from) ?? [],
  );

  // Without a level in the address there is nothing to show: the plan's location picker.
  if (levelId === null) return <Navigate replace to={href('r_plan')} />;
  const failed = level.error ?? slots.error;
  // Refusals name their rule (issue 38): the server’s message, not the status line.
  if (failed) return <ErrorText message={errorMessage(failed)} />;
  if (!level.data || !preferences || levelId === null)
    return <Loader label={t('general.loading', 'Loading…')} />;
  const answer = slots.data;

  const choose = (next: string[]) => {
    setChosen(next);
    if (!answer) return;
    const picked = answer.slots.filter((slot) => next.includes(slot.datetime_from));
    selectSlot(picked.length > 0 ? { levelId, type: answer.type, slots: picked } : null);
  };

  return (
    <div className={styles.page}>
      <Body1>{level.data.path}</Body1>
      {occupancy.data && (
        <OccupancyBadge percentage={occupancy.data.occupancy_percentage} preferences={preferences} />
      )}
      <div className={styles.toolbar}>
        <PlanDateField timeZone={level.data.timezone} />
        <SlotTypeField
          available={preferences.availableSlots}
          value={plan.slotType ?? answer?.type ?? preferences.defaultSlot}
          onChange={(type) => {
            setChosen([]);
            selectSlotType(type);
          }}
        />
      </div>
      {!answer ? (
        <Loader label={t('general.loading', 'Loading…')} />
      ) : (
        <SlotButtons
          answer={answer}
          chosen={chosen}
          preferences={preferences}
          onToggle={(slot) => choose(toggleSlot(chosen, slot, answer.slots))}
        />
      )}
      <div className={styles.actions}>
        <Button
          appearance="primary"
          disabled={chosen.length === 0}
          onClick={() => void navigate(href('r_plan-resources', { plan_level_id: levelId }))}
        >
          {t('plan.show-resources', 'Show the resources')}
        </Button>
      </div>
      <PlanFooter
        mapHref={href('r_plan-maps-slots', { plan_level_id: levelId })}
        state={{
          levelHasMap: level.data.map_id !== null,
          screen: 'other',
          todayOccupancyPercentage: null,
          lastDefaultSlotStart: lastSlotStart,
          selectedSlot: slotOn(plan, levelId),
        }}
      />
    </div>
  );
}
