import { Checkbox, Field, Input, Text } from '@fluentui/react-components';
import { useState } from 'react';
import type { Availability } from '../../../../../shared/contract/resources';
import { useLabel } from '../../../../i18n/i18n';
import { useInitialData } from '../../../../session/hooks';
import { Loader } from '../../../../ui/loader';
import { createAvailability, updateAvailability, useAvailabilities } from '../api';
import {
  availabilityBody,
  availabilityDraft,
  WEEKDAYS,
  weekdayName,
  type AvailabilityDraft,
} from '../availability';
import { useSettingsStyles } from '../settings.styles';
import {
  ScheduleItemFrame,
  ScheduleItemScreen,
  useScheduleItemForm,
  type ScheduleItemProps,
} from './schedule-item-form';

/**
 * add-availability and edit-availability/:resource_id/:availability_id: a weekly window in which
 * the resource can be booked, on the chosen weekdays between two times, optionally between two dates.
 */
export default function AvailabilityFormScreen() {
  return (
    <ScheduleItemScreen
      itemParam="availability_id"
      useItems={useAvailabilities}
      form={(props) => <AvailabilityForm {...props} />}
    />
  );
}

const calls = { create: createAvailability, update: updateAvailability };

function AvailabilityForm(props: ScheduleItemProps<Availability>) {
  const styles = useSettingsStyles();
  const t = useLabel();
  const session = useInitialData();
  const [draft, setDraft] = useState(() => availabilityDraft(props.item));
  const { errors, fieldError, pending, failure, submit } = useScheduleItemForm(props, calls);

  if (!session) return <Loader label={t('general.loading', 'Loading…')} />;
  const locale = session.user.language.locale || session.user.language.code;
  const set = <K extends keyof AvailabilityDraft>(field: K, value: AvailabilityDraft[K]) =>
    setDraft({ ...draft, [field]: value });
  const title = props.item
    ? t('resource-settings.edit-availability', 'Edit availability')
    : t('resource-settings.add-availability', 'Add availability');

  return (
    <ScheduleItemFrame
      id={props.id}
      title={title}
      pending={pending}
      failure={failure}
      onSubmit={() => submit(availabilityBody(draft))}
    >
      <fieldset className={styles.fieldset} aria-invalid={errors.weekdays ? true : undefined}>
        <legend className={styles.legend}>{t('resource-settings.availability.weekdays', 'Weekdays')}</legend>
        <div className={styles.weekdays}>
          {WEEKDAYS.map((day) => (
            <Checkbox
              key={day}
              label={weekdayName(day, locale, 'long')}
              checked={draft.weekdays.includes(day)}
              onChange={(_event, data) =>
                set(
                  'weekdays',
                  data.checked === true
                    ? [...draft.weekdays, day]
                    : draft.weekdays.filter((other) => other !== day),
                )
              }
            />
          ))}
        </div>
        {errors.weekdays && (
          <Text role="alert" className={styles.error}>
            {errors.weekdays}
          </Text>
        )}
      </fieldset>
      <div className={styles.row}>
        <Field
          label={t('resource-settings.availability.time-from', 'From (time)')}
          {...fieldError('time_from')}
        >
          <Input
            type="time"
            value={draft.time_from}
            onChange={(_event, data) => set('time_from', data.value)}
          />
        </Field>
        <Field label={t('resource-settings.availability.time-to', 'To (time)')} {...fieldError('time_to')}>
          <Input type="time" value={draft.time_to} onChange={(_event, data) => set('time_to', data.value)} />
        </Field>
      </div>
      <div className={styles.row}>
        <Field
          label={t('resource-settings.availability.date-from', 'First day (optional)')}
          {...fieldError('date_from')}
        >
          <Input
            type="date"
            value={draft.date_from}
            onChange={(_event, data) => set('date_from', data.value)}
          />
        </Field>
        <Field
          label={t('resource-settings.availability.date-to', 'Last day (optional)')}
          {...fieldError('date_to')}
        >
          <Input type="date" value={draft.date_to} onChange={(_event, data) => set('date_to', data.value)} />
        </Field>
      </div>
    </ScheduleItemFrame>
  );
}
