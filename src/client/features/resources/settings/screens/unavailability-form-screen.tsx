import { Field, Input, Textarea } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import type { Unavailability } from '../../../../../shared/contract/resources';
import { useLabel } from '../../../../i18n/i18n';
import { createUnavailability, updateUnavailability, useUnavailabilities } from '../api';
import {
  browserZone,
  unavailabilityBody,
  unavailabilityDraft,
  type UnavailabilityDraft,
} from '../availability';
import { useSettingsStyles } from '../settings.styles';
import {
  ScheduleItemFrame,
  ScheduleItemScreen,
  useScheduleItemForm,
  type ScheduleItemProps,
} from './schedule-item-form';

const REASON_MAX = 500;

/**
 * add-unavailability and edit-unavailability/:resource_id/:unavailability_id: a time in which the
 * resource cannot be booked. The times are read in the browser's zone and sent as UTC instants.
 */
export default function UnavailabilityFormScreen() {
  return (
    <ScheduleItemScreen
      itemParam="unavailability_id"
      useItems={useUnavailabilities}
      form={(props) => <UnavailabilityForm {...props} />}
    />
  );
}

const calls = { create: createUnavailability, update: updateUnavailability };

function UnavailabilityForm(props: ScheduleItemProps<Unavailability>) {
  const styles = useSettingsStyles();
  const t = useLabel();
  const zone = useMemo(() => browserZone(), []);
  const [draft, setDraft] = useState(() => unavailabilityDraft(props.item, zone));
  const { fieldError, pending, failure, submit } = useScheduleItemForm(props, calls);
  const set = <K extends keyof UnavailabilityDraft>(field: K, value: UnavailabilityDraft[K]) =>
    setDraft({ ...draft, [field]: value });
  const title = props.item
    ? t('resource-settings.edit-unavailability', 'Edit unavailability')
    : t('resource-settings.add-unavailability', 'Add unavailability');

  return (
    <ScheduleItemFrame
      id={props.id}
      title={title}
      pending={pending}
      failure={failure}
      onSubmit={() => submit(unavailabilityBody(draft, zone))}
    >
      <div className={styles.row}>
        <Field
          label={t('resource-settings.unavailability.starts-at', 'From')}
          hint={zone.replace(/_/g, ' ')}
          {...fieldError('starts_at')}
        >
          <Input
            type="datetime-local"
            value={draft.starts_at}
            onChange={(_event, data) => set('starts_at', data.value)}
          />
        </Field>
        <Field
          label={t('resource-settings.unavailability.ends-at', 'To')}
          hint={zone.replace(/_/g, ' ')}
          {...fieldError('ends_at')}
        >
          <Input
            type="datetime-local"
            value={draft.ends_at}
            onChange={(_event, data) => set('ends_at', data.value)}
          />
        </Field>
      </div>
      <Field
        label={t('resource-settings.unavailability.reason', 'Reason (optional)')}
        {...fieldError('reason')}
      >
        <Textarea
          value={draft.reason}
          maxLength={REASON_MAX}
          onChange={(_event, data) => set('reason', data.value)}
        />
      </Field>
    </ScheduleItemFrame>
  );
}
