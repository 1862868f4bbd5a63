import { Checkbox, Dropdown, Field, Input, Option, Select, Subtitle2 } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import useSWR from 'swr';
import { APPROVAL_STATUSES, DECLARATION_STATUSES } from '../../../../shared/booking/declaration-rules';
import {
  DATE_PERIOD_TYPES,
  PresetFilters,
  type BookingPreset,
  type DatePeriodType,
} from '../../../../shared/contract/bookings';
import { levelResourcesPath, type ResourceList } from '../../../../shared/contract/resources';
import { validateValue } from '../../../../shared/validation/rules';
import { api } from '../../../api/client';
import { errorMessage } from '../../../api/errors';
import { useLabel, type LabelFn } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { SubmitButton } from '../../../ui/submit-button';
import { useSubmit } from '../../../ui/use-submit';
import { useAllPlanLevels } from '../../plan/api';
import { presetActions, usePresets } from '../api';
import { useBookingsStyles } from '../bookings.styles';
import { APPROVAL_LABELS, PERIOD_LABELS, STATUS_LABELS } from '../booking-labels';

/**
 * spec §2 /bookings/presets add and edit/{id}: a preset's name (spec §5: presets need a name) and
 * its filters (spec §3: levels, resource types, capacity, resources, date period, declaration
 * status and approval status, my bookings).
 */
export default function PresetFormScreen() {
  const { id } = useParams();
  const presets = usePresets();
  const t = useLabel();
  if (id === undefined) return <PresetForm preset={null} />;
  if (presets.error) return <ErrorText message={errorMessage(presets.error)} />;
  if (!presets.data) return <Loader label={t('bookings.presets.loading', 'Loading the presets…')} />;
  const preset = presets.data.data.find((candidate) => candidate.id === Number(id));
  if (!preset) return <ErrorText message={t('bookings.presets.missing', 'This preset does not exist.')} />;
  return <PresetForm preset={preset} />;
}

/** The resources (with their types) on the chosen levels, or on every top level when none is chosen. */
function useResourcesOn(levelIds: readonly number[]) {
  return useSWR(
    levelIds.length ? ['bookings-preset-resources', ...levelIds] : null,
    async () => {
      const lists = await Promise.all(levelIds.map((id) => api.get<ResourceList>(levelResourcesPath(id))));
      const seen = new Map<number, ResourceList['data'][number]>();
      for (const list of lists) for (const resource of list.data) seen.set(resource.id, resource);
      return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name));
    },
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
}

function toggled<T>(list: readonly T[], value: T, on: boolean): T[] {
  return on ? [...list.filter((item) => item !== value), value] : list.filter((item) => item !== value);
}

function PresetForm({ preset }: { preset: BookingPreset | null }) {
  const styles = useBookingsStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const presets = usePresets();
  const [name, setName] = useState(preset?.name ?? '');
  const [filters, setFilters] = useState<PresetFilters>(() => preset?.preset ?? PresetFilters.parse({}));
  const [capacity, setCapacity] = useState(filters.capacity === null ? '' : String(filters.capacity));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { pending, failure, run } = useSubmit();
  const levels = useAllPlanLevels();
  const allLevels = levels.data?.data ?? [];
  const topLevels = allLevels.filter((level) => !level.path.includes(' / ')).map((level) => level.id);
  const resources = useResourcesOn(filters.levels.length ? filters.levels : topLevels);
  const types = new Map<number, string>();
  for (const resource of resources.data ?? [])
    types.set(resource.resource_type.id, resource.resource_type.name);
  const set = (changes: Partial<PresetFilters>) => setFilters((current) => ({ ...current, ...changes }));
  const checkName = (value: string) => {
    const message = validateValue(value, 'required');
    setErrors((current) => ({ ...current, name: message ?? '' }));
    return message === null;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const capacityValue = capacity.trim() === '' ? null : Number(capacity);
    const capacityError =
      capacityValue !== null && !(Number.isInteger(capacityValue) && capacityValue > 0)
        ? (validateValue(capacity, 'numeric') ??
          t('bookings.presets.capacity-invalid', 'Capacity is not valid.'))
        : null;
    if (capacityError) setErrors((current) => ({ ...current, capacity: capacityError }));
    if (!checkName(name) || capacityError) return;
    const body = { name, preset: { ...filters, capacity: capacityValue } };
    void run(
      async () => {
        if (preset) await presetActions.update(preset.id, body);
        else await presetActions.create(body);
        await presets.mutate();
        void navigate(href('r_bookings-presets'));
      },
      (fieldErrors) => {
        const shown: Record<string, string> = {};
        for (const [key, list] of Object.entries(fieldErrors)) {
          const field = key.replace(/^preset\./, '').split('.')[0]!;
          shown[field] ??= list[0] ?? '';
        }
        setErrors(shown);
        return true;
      },
    );
  };

  const period = filters.date_period;
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="preset-form-title">
      <Subtitle2 as="h2" id="preset-form-title">
        {preset
          ? t('bookings.presets.edit-title', 'Edit preset')
          : t('bookings.presets.add-title', 'New preset')}
      </Subtitle2>
      <Field
        label={t('bookings.presets.name', 'Name')}
        required
        validationMessage={errors.name || undefined}
        validationState={errors.name ? 'error' : 'none'}
      >
        <Input
          value={name}
          maxLength={120}
          onChange={(_event, data) => setName(data.value)}
          onBlur={(event) => checkName(event.currentTarget.value)}
        />
      </Field>
      <Field
        label={t('bookings.presets.period', 'Period')}
        validationMessage={errors.date_period || undefined}
      >
        <Select
          value={period.type}
          onChange={(_event, data) => set({ date_period: { ...period, type: data.value as DatePeriodType } })}
        >
          {DATE_PERIOD_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(...PERIOD_LABELS[type])}
            </option>
          ))}
        </Select>
      </Field>
      {period.type === 'custom' && (
        <div className={styles.actions}>
          <Field label={t('bookings.presets.from', 'From')} validationMessage={errors.date_from || undefined}>
            <Input
              type="date"
              value={period.date_from ?? ''}
              onChange={(_event, data) => set({ date_period: { ...period, date_from: data.value || null } })}
            />
          </Field>
          <Field label={t('bookings.presets.to', 'To')} validationMessage={errors.date_to || undefined}>
            <Input
              type="date"
              value={period.date_to ?? ''}
              onChange={(_event, data) => set({ date_period: { ...period, date_to: data.value || null } })}
            />
          </Field>
        </div>
      )}
      <Field
        label={t('bookings.presets.levels', 'Locations')}
        hint={t('bookings.presets.levels-hint', 'None: every location.')}
      >
        <Dropdown
          multiselect
          placeholder={t('bookings.presets.any', 'Any')}
          selectedOptions={filters.levels.map(String)}
          value={allLevels
            .filter((level) => filters.levels.includes(level.id))
            .map((level) => level.name)
            .join(', ')}
          onOptionSelect={(_event, data) =>
            set({
              levels: data.selectedOptions.map(Number),
              resources: [],
              resource_types: filters.resource_types,
            })
          }
        >
          {allLevels.map((level) => (
            <Option key={level.id} value={String(level.id)} text={level.path}>
              {level.path}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field
        label={t('bookings.presets.types', 'Resource types')}
        hint={t('bookings.presets.types-hint', 'None: every type.')}
      >
        <Dropdown
          multiselect
          placeholder={t('bookings.presets.any', 'Any')}
          selectedOptions={filters.resource_types.map(String)}
          value={[...types]
            .filter(([id]) => filters.resource_types.includes(id))
            .map(([, typeName]) => typeName)
            .join(', ')}
          onOptionSelect={(_event, data) => set({ resource_types: data.selectedOptions.map(Number) })}
        >
          {[...types].map(([id, typeName]) => (
            <Option key={id} value={String(id)}>
              {typeName}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field
        label={t('bookings.presets.resources', 'Resources')}
        hint={t('bookings.presets.resources-hint', 'None: every resource.')}
      >
        <Dropdown
          multiselect
          placeholder={t('bookings.presets.any', 'Any')}
          selectedOptions={filters.resources.map(String)}
          value={(resources.data ?? [])
            .filter((resource) => filters.resources.includes(resource.id))
            .map((resource) => resource.name)
            .join(', ')}
          onOptionSelect={(_event, data) => set({ resources: data.selectedOptions.map(Number) })}
        >
          {(resources.data ?? [])
            .filter(
              (resource) =>
                !filters.resource_types.length || filters.resource_types.includes(resource.resource_type.id),
            )
            .map((resource) => (
              <Option key={resource.id} value={String(resource.id)} text={resource.name}>
                {resource.name} ({resource.level.path})
              </Option>
            ))}
        </Dropdown>
      </Field>
      <Field
        label={t('bookings.presets.capacity', 'At least this many places')}
        validationMessage={errors.capacity || undefined}
        validationState={errors.capacity ? 'error' : 'none'}
      >
        <Input inputMode="numeric" value={capacity} onChange={(_event, data) => setCapacity(data.value)} />
      </Field>
      <StatusChecks
        t={t}
        legend={t('bookings.presets.statuses', 'Booking status')}
        values={DECLARATION_STATUSES}
        labels={STATUS_LABELS}
        chosen={filters.declaration_status}
        onChange={(declaration_status) => set({ declaration_status })}
      />
      <StatusChecks
        t={t}
        legend={t('bookings.presets.approval', 'Approval')}
        values={APPROVAL_STATUSES}
        labels={APPROVAL_LABELS}
        chosen={filters.declaration_approval_status}
        onChange={(declaration_approval_status) => set({ declaration_approval_status })}
      />
      <Checkbox
        checked={filters.my_bookings}
        label={t('bookings.presets.mine', 'Only my bookings')}
        onChange={(_event, data) => set({ my_bookings: data.checked === true })}
      />
      <ErrorText message={failure} />
      <div className={styles.actions}>
        <SubmitButton pending={pending}>{t('bookings.presets.save', 'Save preset')}</SubmitButton>
      </div>
    </form>
  );
}

function StatusChecks<T extends string>({
  t,
  legend,
  values,
  labels,
  chosen,
  onChange,
}: {
  t: LabelFn;
  legend: string;
  values: readonly T[];
  labels: Record<T, readonly [string, string]>;
  chosen: readonly T[];
  onChange: (next: T[]) => void;
}) {
  const styles = useBookingsStyles();
  return (
    <fieldset className={styles.checks}>
      <legend>
        {legend} ({t('bookings.presets.none-any', 'none: any')})
      </legend>
      {values.map((value) => (
        <Checkbox
          key={value}
          checked={chosen.includes(value)}
          label={t(labels[value][0], labels[value][1])}
          onChange={(_event, data) => onChange(toggled(chosen, value, data.checked === true))}
        />
      ))}
    </fieldset>
  );
}
