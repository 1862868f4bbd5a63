import { Button, Checkbox, Field, Input } from '@fluentui/react-components';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { CAPACITY_MAX, RESOURCE_MODELS, type ResourceModel } from '../../../../shared/contract/resources';
import { validateValue } from '../../../../shared/validation/rules';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { MODEL_NAMES } from '../../resources/components/resource-fields';
import { useLevelResources } from '../api';
import { filterChoices, planFiltersFromParams, planFiltersToParams, type PlanFilters } from '../plan-filters';
import { usePlanLevelId } from '../use-plan-ids';
import { usePlanStyles } from './plan.styles';

const UNFILTERED: PlanFilters = {
  query: '',
  resource_type: [],
  resource_model: [],
  resource_attribute: [],
  capacity: null,
};

function toggle<T>(list: readonly T[], value: T, on: boolean): T[] {
  return on ? [...list.filter((item) => item !== value), value] : list.filter((item) => item !== value);
}

function Checks<T extends string | number>({
  legend,
  options,
  value,
  onChange,
}: {
  legend: string;
  options: ReadonlyArray<{ value: T; label: string }>;
  value: readonly T[];
  onChange(next: T[]): void;
}): ReactNode {
  const styles = usePlanStyles();
  if (options.length === 0) return null;
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{legend}</legend>
      {options.map((option) => (
        <Checkbox
          key={option.value}
          label={option.label}
          checked={value.includes(option.value)}
          onChange={(_event, data) => onChange(toggle(value, option.value, data.checked === true))}
        />
      ))}
    </fieldset>
  );
}

/**
 * spec §2 r_plan resources/search-filters: type, model, attributes (every one chosen) and least
 * capacity, among what the level's resources have; applying returns to the list with them.
 */
export default function PlanFiltersScreen() {
  const styles = usePlanStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const levelId = usePlanLevelId();
  const [params] = useSearchParams();
  const initial = useMemo(() => planFiltersFromParams(params), [params]);
  const [filters, setFilters] = useState<PlanFilters>(initial);
  const [capacity, setCapacity] = useState(initial.capacity === null ? '' : String(initial.capacity));
  const [capacityError, setCapacityError] = useState<string | undefined>();
  const everything = useLevelResources(levelId, UNFILTERED);
  if (everything.error) return <ErrorText message={everything.error.message} />;
  if (!everything.data || levelId === null) return <Loader label={t('general.loading', 'Loading…')} />;
  const choices = filterChoices(everything.data.data);
  const set = (change: Partial<PlanFilters>) => setFilters((current) => ({ ...current, ...change }));

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const error = validateValue(capacity, 'numeric');
    if (error) {
      setCapacityError(error);
      return;
    }
    const least = capacity.trim() === '' ? null : Math.min(Math.max(Number(capacity), 1), CAPACITY_MAX);
    void navigate({
      pathname: href('r_plan-resources', { plan_level_id: levelId }),
      search: planFiltersToParams({ ...filters, capacity: least }).toString(),
    });
  };

  return (
    <form
      className={styles.form}
      onSubmit={apply}
      noValidate
      aria-label={t('plan.search-filters', 'Search filters')}
    >
      <Checks
        legend={t('plan.types', 'Resource types')}
        options={choices.types}
        value={filters.resource_type}
        onChange={(resource_type) => set({ resource_type })}
      />
      <Checks<ResourceModel>
        legend={t('plan.models', 'Models')}
        options={RESOURCE_MODELS.filter((model) => model === 'bookable' || model === 'on_request').map(
          (model) => ({
            value: model,
            label: t(`resources.model.${model}`, MODEL_NAMES[model]),
          }),
        )}
        value={filters.resource_model}
        onChange={(resource_model) => set({ resource_model })}
      />
      <Checks
        legend={t('plan.attributes', 'Attributes')}
        options={choices.attributes}
        value={filters.resource_attribute}
        onChange={(resource_attribute) => set({ resource_attribute })}
      />
      <Field
        label={t('plan.min-capacity', 'Capacity at least')}
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
        />
      </Field>
      <div className={styles.actions}>
        <Button type="submit" appearance="primary">
          {t('plan.apply-filters', 'Apply filters')}
        </Button>
        <Button
          onClick={() => {
            setFilters({ ...UNFILTERED, query: filters.query });
            setCapacity('');
            setCapacityError(undefined);
          }}
        >
          {t('plan.clear-filters', 'Clear filters')}
        </Button>
      </div>
    </form>
  );
}
