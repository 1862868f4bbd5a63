import { Body1, Caption1, Field, Select, Subtitle2, ToggleButton } from '@fluentui/react-components';
import { useId, useState } from 'react';
import { Person16Filled } from '@fluentui/react-icons';
import { partOfDay, type BookingPreferences, type PartOfDay } from '../../../shared/booking/preferences';
import type { PlanSlot, PlanSlots } from '../../../shared/contract/plan';
import { clockWriter } from '../../../shared/time/grid';
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
 * The datetime_from of the slots picked on the plan's day (null: today). A new day forgets them, and
 * a slot the day's answer no longer lists is not picked: nothing can be booked (or shown) with a
 * slot of another day.
 */
export function useSlotChoice(
  day: string | null,
  answer: PlanSlots | undefined,
  initial: () => string[] = () => [],
): [string[], (next: string[] | ((current: string[]) => string[])) => void] {
  const [choice, setChoice] = useState(() => ({ day, chosen: initial() }));
  const onDay = (current: typeof choice) => (current.day === day ? current.chosen : []);
  const kept = onDay(choice);
  const chosen = answer
    ? kept.filter((from) => answer.slots.some((slot) => slot.datetime_from === from))
    : kept;
  const set = (next: string[] | ((current: string[]) => string[])) =>
    setChoice((current) => ({ day, chosen: typeof next === 'function' ? next(onDay(current)) : next }));
  return [chosen, set];
}

/** Headings of the parts of the day a day's hour and minute slots are grouped under. */
export const PART_OF_DAY_NAMES: Record<PartOfDay, string> = {
  morning: 'Morning',
  afternoon: 'Afternoon',
  evening: 'Evening',
  night: 'Night',
};

// Whole and half days are one or two slots: grouping them would only add headings.
const GROUPED_TYPES: ReadonlySet<SlotType> = new Set(['hours', '30-minutes', '15-minutes']);

/** The day's slots in their order, cut where the part of the day (MorningFrom … NightFrom) changes. */
export function slotGroups<T extends Pick<PlanSlot, 'from'>>(
  slots: readonly T[],
  preferences: SlotPreferences,
): Array<{ part: PartOfDay; slots: T[] }> {
  const groups: Array<{ part: PartOfDay; slots: T[] }> = [];
  for (const slot of slots) {
    const part = partOfDay(slot.from, preferences);
    const last = groups.at(-1);
    if (last?.part === part) last.slots.push(slot);
    else groups.push({ part, slots: [slot] });
  }
  return groups;
}

/** The first slot's start and the last one's end, written the way the user's preferences say. */
export function spanOf(
  slots: readonly Pick<PlanSlot, 'from' | 'to'>[],
  preferences: Pick<BookingPreferences, 'timeFormat' | 'dateTimeMode'>,
): { from: string; to: string } {
  const clock = clockWriter(preferences);
  return { from: clock(slots[0]!.from), to: clock(slots.at(-1)!.to) };
}

type SlotPreferences = Pick<
  BookingPreferences,
  'morningFrom' | 'afternoonFrom' | 'eveningFrom' | 'nightFrom' | 'timeFormat' | 'dateTimeMode'
>;

/**
 * The day's slots as toggle buttons: one that cannot be booked (closed, past, occupied) is disabled,
 * the caller's own are marked; `chosen` holds the datetime_from of the slots picked. Times are
 * written in the user's TimeFormat and DateTimeMode; hour and minute slots are grouped by the part
 * of the day.
 */
export function SlotButtons({
  answer,
  chosen,
  preferences,
  onToggle,
}: {
  answer: PlanSlots;
  chosen: readonly string[];
  preferences: SlotPreferences;
  onToggle(slot: PlanSlot): void;
}) {
  const styles = usePlanStyles();
  const t = useLabel();
  const headingId = useId();
  if (answer.slots.length === 0)
    return <Body1 role="status">{t('plan.no-slots', 'Nothing can be booked on this day.')}</Body1>;
  const clock = clockWriter(preferences);
  const button = (slot: PlanSlot) => {
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
            {clock(slot.from)}–{clock(slot.to)}
            {/* read as '09:00–10:00, Free'; the state shows on its own line */}
            <span className={styles.visuallyHidden}>, </span>
            <Caption1 block>{state}</Caption1>
          </span>
        </ToggleButton>
      </li>
    );
  };
  if (!GROUPED_TYPES.has(answer.type))
    return (
      <ul className={styles.slots} aria-label={t('plan.slots', 'Slots')}>
        {answer.slots.map(button)}
      </ul>
    );
  return (
    <div className={styles.slotGroups}>
      {slotGroups(answer.slots, preferences).map((group, index) => (
        <section key={`${group.part}-${index}`} className={styles.section}>
          <Subtitle2 as="h3" id={`${headingId}-${index}`} className={styles.slotGroupHeading}>
            {t(`plan.part-of-day.${group.part}`, PART_OF_DAY_NAMES[group.part])}
          </Subtitle2>
          <ul className={styles.slots} aria-labelledby={`${headingId}-${index}`}>
            {group.slots.map(button)}
          </ul>
        </section>
      ))}
    </div>
  );
}
