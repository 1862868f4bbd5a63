import { Body1, Caption1, Field, Select, ToggleButton } from '@fluentui/react-components';
import { Person16Filled } from '@fluentui/react-icons';
import type { PlanSlot, PlanSlots } from '../../../shared/contract/plan';
import { SLOT_TYPES, type SlotType } from '../../../shared/time/slots';
import { useLabel } from '../../i18n/i18n';
import { usePlanStyles } from './screens/plan.styles';

export const SLOT_TYPE_NAMES: Record<SlotType, string> = {
  'all-day': 'All day',
  'half-day': 'Half day',
  hours: 'Hours',
  '30-minutes': '30 minutes',
  '15-minutes': '15 minutes',
};

/** The slot type chooser: the company's AvailableSlots, the shown one (DefaultSlot at first) chosen. */
export function SlotTypeField({
  available,
  value,
  onChange,
}: {
  available: readonly SlotType[];
  value: SlotType;
  onChange(type: SlotType): void;
}) {
  const t = useLabel();
  return (
    <Field label={t('plan.slot-type', 'Slot type')}>
      <Select
        value={value}
        onChange={(_event, data) => {
          const type = SLOT_TYPES.find((candidate) => candidate === data.value);
          if (type) onChange(type);
        }}
      >
        {available.map((type) => (
          <option key={type} value={type}>
            {t(`plan.slot-type.${type}`, SLOT_TYPE_NAMES[type])}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/** Adds or removes a slot, keeping the choice in the day's order. */
export function toggleSlot(
  chosen: readonly string[],
  slot: Pick<PlanSlot, 'datetime_from'>,
  all: readonly Pick<PlanSlot, 'datetime_from'>[],
): string[] {
  const next = chosen.includes(slot.datetime_from)
    ? chosen.filter((from) => from !== slot.datetime_from)
    : [...chosen, slot.datetime_from];
  const order = all.map((candidate) => candidate.datetime_from);
  return next.sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

/**
 * The day's slots as toggle buttons: one that cannot be booked (closed, past, occupied) is disabled,
 * the caller's own are marked; `chosen` holds the datetime_from of the slots picked.
 */
export function SlotButtons({
  answer,
  chosen,
  onToggle,
}: {
  answer: PlanSlots;
  chosen: readonly string[];
  onToggle(slot: PlanSlot): void;
}) {
  const styles = usePlanStyles();
  const t = useLabel();
  if (answer.slots.length === 0)
    return <Body1 role="status">{t('plan.no-slots', 'Nothing can be booked on this day.')}</Body1>;
  return (
    <ul className={styles.slots} aria-label={t('plan.slots', 'Slots')}>
      {answer.slots.map((slot) => {
        const state = slot.mine
          ? t('plan.slot-mine', 'Booked by you')
          : slot.occupied
            ? t('plan.slot-occupied', 'Occupied')
            : slot.available
              ? t('plan.slot-free', 'Free')
              : t('plan.slot-unavailable', 'Unavailable');
        return (
          <li key={slot.datetime_from}>
            <ToggleButton
              className={styles.slotButton}
              checked={chosen.includes(slot.datetime_from)}
              disabled={!slot.available}
              icon={slot.mine ? <Person16Filled aria-hidden /> : undefined}
              onClick={() => onToggle(slot)}
            >
              <span>
                {slot.from}–{slot.to}
                {/* read as '09:00–10:00, Free'; the state shows on its own line */}
                <span className={styles.visuallyHidden}>, </span>
                <Caption1 block>{state}</Caption1>
              </span>
            </ToggleButton>
          </li>
        );
      })}
    </ul>
  );
}
