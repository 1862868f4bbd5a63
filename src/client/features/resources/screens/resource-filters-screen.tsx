import { Button, Checkbox, Field, Input } from '@fluentui/react-components';
import { useMemo, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { CAPACITY_MAX, RESOURCE_MODELS, type ResourceModel } from '../../../../shared/contract/resources';
import { validateValue } from '../../../../shared/validation/rules';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useResourceAttributes, useResourceTypes } from '../api';
import { CheckGroup, LevelPicker, MODEL_NAMES } from '../components/resource-fields';
import { filtersFromParams, filtersToParams, NO_FILTERS, type ResourceFilters } from '../filters';
import { useResourceStyles } from './resources.styles';

function toggle<T>(list: readonly T[], value: T, on: boolean): T[] {
  return on ? [...list.filter((item) => item !== value), value] : list.filter((item) => item !== value);
}

function CheckList<T extends string | number>({
  legend,
  hint,
  options,
  value,
  onChange,
}: {
  legend: string;
  hint?: string;
  options: ReadonlyArray<{ value: T; label: string }>;
  value: readonly T[];
  onChange(next: T[]): void;
}) {
  return (
    <CheckGroup legend={legend} hint={hint}>
      {options.map((option) => (
        <Checkbox
          key={option.value}
          label={option.label}
          checked={value.includes(option.value)}
          onChange={(_event, data) => onChange(toggle(value, option.value, data.checked === true))}
        />
      ))}
    </CheckGroup>
  );
}

/**
 * spec §2 /resources search-filters (spec §9 defaults: types, capacity, attributes): level, types,
 * models, attributes (all of them), least capacity. Applying writes them into the list's address.
 */
export default function ResourceFiltersScreen() {
  const styles = useResourceStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const initial = useMemo(() => filtersFromParams(params), [params]);
  const [filters, setFilters] = useState<ResourceFilters>(initial);
  const [capacity, setCapacity] = useState(initial.capacity === null ? '' : String(initial.capacity));
  const [capacityError, setCapacityError] = useState<string | undefined>();
  const types = useResourceTypes();
  const attributes = useResourceAttributes();
  const failed = types.error ?? attributes.error;
  if (failed) return <ErrorText message={failed.message} />;
  if (!types.data || !attributes.data) return <Loader label={t('general.loading', 'Loading…')} />;
  const set = (change: Partial<ResourceFilters>) => setFilters((current) => ({ ...current, ...change }));

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const error = validateValue(capacity, 'numeric');
    if (error) {
      setCapacityError(error);
      return;
    }
    const least = capacity.trim() === '' ? null : Math.min(Math.max(Number(capacity), 1), CAPACITY_MAX);
    navigate({
      pathname: href('r_resources'),
      search: filtersToParams({ ...filters, capacity: least }).toString(),
    });
  };

  return (
    <form
      className={styles.form}
      onSubmit={apply}
      noValidate
      aria-label={t('resources.search-filters', 'Search filters')}
    >
      <LevelPicker
        label={t('resources.level', 'Level')}
        allowNone
        value={filters.level_id}
        onChange={(level_id) => set({ level_id })}
      />
      <CheckList
        legend={t('resources.types', 'Resource types')}
        options={types.data.data.map((type) => ({ value: type.id, label: type.name }))}
        value={filters.resource_type}
        onChange={(resource_type) => set({ resource_type })}
      />
      <CheckList<ResourceModel>
        legend={t('resources.models', 'Models')}
        options={RESOURCE_MODELS.map((model) => ({
          value: model,
          label: t(`resources.model.${model}`, MODEL_NAMES[model]),
        }))}
        value={filters.resource_model}
        onChange={(resource_model) => set({ resource_model })}
      />
      <CheckList
        legend={t('resources.attributes', 'Attributes')}
        hint={t('resources.attributes-all', 'Resources with every attribute chosen.')}
        options={attributes.data.data.map((attribute) => ({ value: attribute.id, label: attribute.name }))}
        value={filters.resource_attribute}
        onChange={(resource_attribute) => set({ resource_attribute })}
      />
      <Field
        label={t('resources.min-capacity', 'Capacity at least')}
        validationMessage={capacityError}
        validationState={capacityError ? 'error' : 'none'}
      >
        <Input
          name="capacity"
          inputMode="numeric"
          value={capacity}
          maxLength={String(CAPACITY_MAX).length}
          onChange={(_event, data) => {
            setCapacity(data.value);
            setCapacityError(undefined);
          }}
          onBlur={(event) =>
            setCapacityError(validateValue(event.currentTarget.value, 'numeric') ?? undefined)
          }
        />
      </Field>
      <div className={styles.actions}>
        <Button type="submit" appearance="primary">
          {t('resources.apply-filters', 'Apply filters')}
        </Button>
        <Button
          onClick={() => {
            setFilters({ ...NO_FILTERS, query: filters.query });
            setCapacity('');
            setCapacityError(undefined);
          }}
        >
          {t('resources.clear-filters', 'Clear filters')}
        </Button>
      </div>
    </form>
  );
}
