import { Checkbox, Field, Input, Text } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import type { Availability } from '../../../../../shared/contract/resources';
import { useLabel } from '../../../../i18n/i18n';
import { href } from '../../../../routing/table';
import { useInitialData } from '../../../../session/hooks';
import { ErrorText } from '../../../../ui/error-text';
import { Loader } from '../../../../ui/loader';
import { SubmitButton } from '../../../../ui/submit-button';
import { createAvailability, updateAvailability, useAvailabilities } from '../api';
import {
  availabilityBody,
  availabilityDraft,
  WEEKDAYS,
  weekdayName,
  type AvailabilityDraft,
} from '../availability';
import { useSettingsStyles } from '../settings.styles';
import { availabilityPath, failureMessage, ResourceName, useItemId, useResourceId } from './parts';
import { useCheckedForm } from './use-checked-form';

/**
 * add-availability and edit-availability/:resource_id/:availability_id: a weekly window in which
 * the resource can be booked, on the chosen weekdays between two times, optionally between two dates.
 */
export default function AvailabilityFormScreen() {
  const t = useLabel();
  const id = useResourceId();
  const itemId = useItemId('availability_id');
  const list = useAvailabilities(id);
  if (list.error) return <ErrorText message={failureMessage(list.error)} />;
  if (id === null || !list.data) return <Loader label={t('general.loading', 'Loading…')} />;
  const item = itemId === null ? undefined : list.data.data.find((entry) => entry.id === itemId);
  if (itemId !== null && !item) return <Navigate to={href('r_404')} replace />;
  return <AvailabilityForm id={id} item={item} onSaved={() => list.mutate()} />;
}

function AvailabilityForm({
  id,
  item,
  onSaved,
}: {
  id: number;
  /** undefined: a new one */
  item: Availability | undefined;
  onSaved(): Promise<unknown>;
}) {
  const styles = useSettingsStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const session = useInitialData();
  const [draft, setDraft] = useState(() => availabilityDraft(item));
  const { errors, fieldError, pending, failure, send } = useCheckedForm();
  const editing = item !== undefined;

  if (!session) return <Loader label={t('general.loading', 'Loading…')} />;
  const locale = session.user.language.locale || session.user.language.code;
  const set = <K extends keyof AvailabilityDraft>(field: K, value: AvailabilityDraft[K]) =>
    setDraft({ ...draft, [field]: value });
  const title = editing
    ? t('resource-settings.edit-availability', 'Edit availability')
    : t('resource-settings.add-availability', 'Add availability');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send(availabilityBody(draft), async (body) => {
      if (item) await updateAvailability(id, item.id, body);
      else await createAvailability(id, body);
      await onSaved();
      navigate(availabilityPath(id));
    });
  };

  return (
    <form className={styles.page} onSubmit={submit} noValidate aria-label={title}>
      <ResourceName id={id} />
      <ErrorText message={failure} />
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
      <div className={styles.actions}>
        <SubmitButton pending={pending}>{t('general.actions.save', 'Save')}</SubmitButton>
      </div>
    </form>
  );
}
