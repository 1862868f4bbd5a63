import { Field, Input } from '@fluentui/react-components';
import { useState } from 'react';
import { dateValidForBooking } from '../../../shared/booking/date-valid';
import { calendarDateIn, isCalendarDate } from '../../../shared/time/calendar-date';
import { useLabel } from '../../i18n/i18n';
import { selectPlanDate, usePlanState } from './plan-state';

/** Today in the level's zone: the day the plan shows until another is chosen. */
export const todayIn = (timeZone: string) => calendarDateIn(timeZone);

/**
 * spec §3 planSelectedDate, chosen within spec §4 "Date valid for booking": a past day is refused
 * beside the field and the plan stays on the day it showed.
 */
export function PlanDateField({ timeZone }: { timeZone: string }) {
  const t = useLabel();
  const { date } = usePlanState();
  const today = todayIn(timeZone);
  const [text, setText] = useState(date ?? today);
  const [error, setError] = useState<string | undefined>();
  return (
    <Field
      label={t('plan.date', 'Date')}
      validationMessage={error}
      validationState={error ? 'error' : 'none'}
    >
      <Input
        type="date"
        min={today}
        value={text}
        onChange={(_event, data) => {
          setText(data.value);
          if (!isCalendarDate(data.value)) {
            setError(t('plan.date-invalid', 'The date is not valid.'));
          } else if (!dateValidForBooking({ date: data.value }, new Date(), timeZone)) {
            setError(t('plan.date-past', 'The date cannot be in the past.'));
          } else {
            setError(undefined);
            selectPlanDate(data.value === today ? null : data.value);
          }
        }}
      />
    </Field>
  );
}
