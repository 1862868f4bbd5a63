import { Field, Input, Textarea } from '@fluentui/react-components';
import { useMemo, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import type { Unavailability } from '../../../../../shared/contract/resources';
import { useLabel } from '../../../../i18n/i18n';
import { href } from '../../../../routing/table';
import { ErrorText } from '../../../../ui/error-text';
import { Loader } from '../../../../ui/loader';
import { SubmitButton } from '../../../../ui/submit-button';
import { createUnavailability, updateUnavailability, useUnavailabilities } from '../api';
import {
  browserZone,
  unavailabilityBody,
  unavailabilityDraft,
  type UnavailabilityDraft,
} from '../availability';
import { useSettingsStyles } from '../settings.styles';
import { availabilityPath, failureMessage, ResourceName, useItemId, useResourceId } from './parts';
import { useCheckedForm } from './use-checked-form';

const REASON_MAX = 500;

/**
 * add-unavailability and edit-unavailability/:resource_id/:unavailability_id: a time in which the
 * resource cannot be booked. The times are read in the browser's zone and sent as UTC instants.
 */
export default function UnavailabilityFormScreen() {
  const t = useLabel();
  const id = useResourceId();
  const itemId = useItemId('unavailability_id');
  const list = useUnavailabilities(id);
  if (list.error) return <ErrorText message={failureMessage(list.error)} />;
  if (id === null || !list.data) return <Loader label={t('general.loading', 'Loading…')} />;
  const item = itemId === null ? undefined : list.data.data.find((entry) => entry.id === itemId);
  if (itemId !== null && !item) return <Navigate to={href('r_404')} replace />;
  return <UnavailabilityForm id={id} item={item} onSaved={() => list.mutate()} />;
}

function UnavailabilityForm({
  id,
  item,
  onSaved,
}: {
  id: number;
  /** undefined: a new one */
  item: Unavailability | undefined;
  onSaved(): Promise<unknown>;
}) {
  const styles = useSettingsStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const zone = useMemo(() => browserZone(), []);
  const [draft, setDraft] = useState(() => unavailabilityDraft(item, zone));
  const { fieldError, pending, failure, send } = useCheckedForm();
  const editing = item !== undefined;
  const set = <K extends keyof UnavailabilityDraft>(field: K, value: UnavailabilityDraft[K]) =>
    setDraft({ ...draft, [field]: value });
  const title = editing
    ? t('resource-settings.edit-unavailability', 'Edit unavailability')
    : t('resource-settings.add-unavailability', 'Add unavailability');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send(unavailabilityBody(draft, zone), async (body) => {
      if (item) await updateUnavailability(id, item.id, body);
      else await createUnavailability(id, body);
      await onSaved();
      navigate(availabilityPath(id));
    });
  };

  return (
    <form className={styles.page} onSubmit={submit} noValidate aria-label={title}>
      <ResourceName id={id} />
      <ErrorText message={failure} />
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
      <div className={styles.actions}>
        <SubmitButton pending={pending}>{t('general.actions.save', 'Save')}</SubmitButton>
      </div>
    </form>
  );
}
