import { Body1, Button, Field, Input, Subtitle2 } from '@fluentui/react-components';
import { Delete20Regular, Edit20Regular } from '@fluentui/react-icons';
import { useState, type FormEvent } from 'react';
import {
  CAPACITY_MAX,
  DateCapacityBody,
  UpdateResourceBody,
  type DateCapacity,
} from '../../../../../shared/contract/resources';
import { fieldErrorsFromZod } from '../../../../../shared/validation/field-errors';
import { capacityAboveMaxMessage, dateRangeErrors } from '../../../../../shared/validation/resource-settings';
import { validateValue } from '../../../../../shared/validation/rules';
import { useLabel } from '../../../../i18n/i18n';
import { useWhen } from '../../../../i18n/use-when';
import { ErrorText } from '../../../../ui/error-text';
import { Loader } from '../../../../ui/loader';
import { SubmitButton } from '../../../../ui/submit-button';
import { firstMessages, useSubmit } from '../../../../ui/use-submit';
import {
  createDateCapacity,
  deleteDateCapacity,
  updateDateCapacity,
  updateResource,
  useDateCapacities,
  useResource,
} from '../../api';
import { PartForm, type FieldErrorMap } from '../../components/part-form';
import { CapacityFields, type CapacityValues } from '../../components/resource-fields';
import { useResourceId } from '../../components/use-resource-id';
import { checkCapacityNumbers } from '../../wizard';
import { useResourceStyles } from '../resources.styles';

function capacityBody(values: CapacityValues) {
  const capacity = Number(values.capacity.trim());
  return {
    resource_capacity_type: values.resource_capacity_type,
    capacity,
    max_capacity: values.max_capacity.trim() === '' ? capacity : Number(values.max_capacity.trim()),
    propagate_capacity: values.propagate_capacity,
  };
}

/** edit/:resource_id/capacity (spec §2 "capacity type and time"): the capacity and its dated exceptions. */
export default function CapacityPart() {
  const t = useLabel();
  return (
    <PartForm<CapacityValues>
      label={t('resources.part.capacity', 'Capacity')}
      initial={(resource) => ({
        resource_capacity_type: resource.resource_capacity_type,
        capacity: String(resource.capacity),
        max_capacity: String(resource.max_capacity),
        propagate_capacity: resource.propagate_capacity,
      })}
      check={(values) => {
        const numbers = checkCapacityNumbers(values);
        if (Object.keys(numbers).length) return numbers;
        const parsed = UpdateResourceBody.safeParse(capacityBody(values));
        return parsed.success ? {} : firstMessages(fieldErrorsFromZod(parsed.error));
      }}
      send={(id, values) => updateResource(id, capacityBody(values))}
      after={<DateCapacities />}
    >
      {(values, change, errors) => <CapacityFields values={values} onChange={change} errors={errors} />}
    </PartForm>
  );
}

interface DateCapacityDraft {
  /** null: a new one */
  id: number | null;
  date_from: string;
  date_to: string;
  capacity: string;
}

/** Capacities for a time: from one date to another the resource holds another capacity. */
function DateCapacities() {
  const styles = useResourceStyles();
  const t = useLabel();
  const when = useWhen();
  const id = useResourceId();
  const list = useDateCapacities(id);
  const resource = useResource(id);
  const [editing, setEditing] = useState<DateCapacityDraft | null>(null);
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const { pending, failure, setFailure, run } = useSubmit();
  if (id === null) return null;
  if (list.error) return <ErrorText message={list.error.message} />;
  if (!list.data) return <Loader label={t('general.loading', 'Loading…')} />;

  const open = (draft: DateCapacityDraft) => {
    setEditing(draft);
    setErrors({});
    setFailure(null);
  };
  const showFieldErrors = (fieldErrors: Record<string, string[]>) => setErrors(firstMessages(fieldErrors));
  // Today's capacity may have changed with the dates.
  const refresh = async () => {
    await list.mutate();
    await resource.mutate();
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    setFailure(null);
    const numeric = validateValue(editing.capacity, 'required|numeric');
    if (numeric) {
      setErrors({ capacity: numeric });
      return;
    }
    const parsed = DateCapacityBody.safeParse({
      date_from: editing.date_from,
      date_to: editing.date_to,
      capacity: Number(editing.capacity),
    });
    if (!parsed.success) {
      setErrors(firstMessages(fieldErrorsFromZod(parsed.error)));
      return;
    }
    const found = firstMessages(dateRangeErrors(parsed.data));
    const max = resource.data?.max_capacity;
    if (max !== undefined && parsed.data.capacity > max) found.capacity = capacityAboveMaxMessage(max);
    if (Object.keys(found).length) {
      setErrors(found);
      return;
    }
    await run(async () => {
      if (editing.id === null) await createDateCapacity(id, parsed.data);
      else await updateDateCapacity(id, editing.id, parsed.data);
      setEditing(null);
      await refresh();
    }, showFieldErrors);
  };

  // A row's delete shows no pending on the form's Save.
  const remove = (item: DateCapacity) =>
    run(
      async () => {
        await deleteDateCapacity(id, item.id);
        if (editing?.id === item.id) setEditing(null);
        await refresh();
      },
      showFieldErrors,
      { silent: true },
    );

  const field = (key: 'date_from' | 'date_to' | 'capacity', label: string, type: 'date' | 'text') => (
    <Field
      label={label}
      required
      validationMessage={errors[key]}
      validationState={errors[key] ? 'error' : 'none'}
    >
      <Input
        name={key}
        type={type}
        inputMode={type === 'text' ? 'numeric' : undefined}
        maxLength={type === 'text' ? String(CAPACITY_MAX).length : undefined}
        value={editing?.[key] ?? ''}
        onChange={(_event, data) => {
          setEditing((current) => (current ? { ...current, [key]: data.value } : current));
          setErrors((current) => ({ ...current, [key]: undefined }));
        }}
      />
    </Field>
  );

  return (
    <section className={styles.form} aria-labelledby="date-capacities-title">
      <Subtitle2 as="h2" id="date-capacities-title">
        {t('resources.date-capacities', 'Capacity for a time')}
      </Subtitle2>
      {list.data.data.length === 0 ? (
        <Body1>{t('resources.no-date-capacities', 'No capacity for a time.')}</Body1>
      ) : (
        <ul className={styles.rows} aria-label={t('resources.date-capacities', 'Capacity for a time')}>
          {list.data.data.map((item) => {
            const text = t('resources.date-capacity', '{from} to {to}: capacity {capacity}', {
              from: when.date(item.date_from),
              to: when.date(item.date_to),
              capacity: item.capacity,
            });
            return (
              <li key={item.id} className={styles.row}>
                <Body1>{text}</Body1>
                <div className={styles.rowActions}>
                  <Button
                    appearance="subtle"
                    icon={<Edit20Regular aria-hidden />}
                    aria-label={`${t('resources.edit-date-capacity', 'Edit')}: ${text}`}
                    onClick={() =>
                      open({
                        id: item.id,
                        date_from: item.date_from,
                        date_to: item.date_to,
                        capacity: String(item.capacity),
                      })
                    }
                  >
                    {t('resources.edit-date-capacity', 'Edit')}
                  </Button>
                  <Button
                    appearance="subtle"
                    icon={<Delete20Regular aria-hidden />}
                    aria-label={`${t('resources.delete', 'Delete')}: ${text}`}
                    onClick={() => void remove(item)}
                  >
                    {t('resources.delete', 'Delete')}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <ErrorText message={failure} />
      {editing ? (
        <form
          className={styles.form}
          onSubmit={(event) => void save(event)}
          noValidate
          aria-label={
            editing.id === null
              ? t('resources.add-date-capacity', 'Add a capacity for a time')
              : t('resources.edit-date-capacity', 'Edit')
          }
        >
          <div className={styles.numbers}>
            {field('date_from', t('resources.date-from', 'From'), 'date')}
            {field('date_to', t('resources.date-to', 'To'), 'date')}
            {field('capacity', t('resources.capacity', 'Capacity'), 'text')}
          </div>
          <div className={styles.actions}>
            <SubmitButton pending={pending}>
              {t('resources.save-date-capacity', 'Save the dates')}
            </SubmitButton>
            <Button onClick={() => setEditing(null)}>{t('general.actions.cancel', 'Cancel')}</Button>
          </div>
        </form>
      ) : (
        <div className={styles.actions}>
          <Button onClick={() => open({ id: null, date_from: '', date_to: '', capacity: '' })}>
            {t('resources.add-date-capacity', 'Add a capacity for a time')}
          </Button>
        </div>
      )}
    </section>
  );
}
