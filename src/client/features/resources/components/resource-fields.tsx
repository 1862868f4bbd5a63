import {
  Body1,
  Caption1,
  Checkbox,
  Field,
  Input,
  Radio,
  RadioGroup,
  SearchBox,
  Textarea,
  useId,
} from '@fluentui/react-components';
import { useMemo, useState, type ReactNode } from 'react';
import type { ResourceAttribute } from '../../../../shared/contract/resource-attributes';
import type { ResourceType } from '../../../../shared/contract/resource-types';
import {
  CAPACITY_MAX,
  DESCRIPTION_MAX,
  RESOURCE_CAPACITY_TYPES,
  RESOURCE_FUNCTIONS,
  RESOURCE_MODELS,
  type ResourceCapacityType,
  type ResourceFunctionKey,
  type ResourceModel,
} from '../../../../shared/contract/resources';
import { useLabel } from '../../../i18n/i18n';
import { Loader } from '../../../ui/loader';
import { useAllLevels } from '../../levels/api';
import { buildTree, filterTree, type LevelNode } from '../../levels/tree';
import { useResourceStyles } from '../screens/resources.styles';

type Errors = Readonly<Record<string, string | undefined>>;

const state = (error: string | undefined) => ({
  validationMessage: error,
  validationState: error ? ('error' as const) : ('none' as const),
});

/** A level chosen from the tree, with a search that keeps the matching levels' ancestors. */
export function LevelPicker({
  value,
  onChange,
  error,
  label,
  allowNone = false,
}: {
  value: number | null;
  onChange(levelId: number | null): void;
  error?: string;
  label: string;
  /** the filters may leave the level out */
  allowNone?: boolean;
}) {
  const styles = useResourceStyles();
  const t = useLabel();
  const levels = useAllLevels();
  const [query, setQuery] = useState('');
  const tree = useMemo(() => buildTree(levels.data?.data ?? []), [levels.data]);
  if (!levels.data) return <Loader label={t('general.loading', 'Loading…')} />;
  const shown = filterTree(tree, query);

  const branch = (nodes: readonly LevelNode[], top: boolean) => (
    <ul className={top ? styles.tree : styles.branch}>
      {nodes.map(({ level, children }) => (
        <li key={level.id}>
          <Radio value={String(level.id)} label={level.name} aria-description={level.path} />
          {children.length > 0 && branch(children, false)}
        </li>
      ))}
    </ul>
  );

  return (
    <div className={styles.fieldset}>
      <SearchBox
        aria-label={t('resources.level-search', 'Search levels')}
        placeholder={t('resources.level-search', 'Search levels')}
        value={query}
        onChange={(_event, data) => setQuery(data.value)}
      />
      <Field label={label} required={!allowNone} {...state(error)}>
        <RadioGroup
          className={styles.treeBox}
          value={value === null ? '' : String(value)}
          onChange={(_event, data) => onChange(data.value === '' ? null : Number(data.value))}
        >
          {allowNone && <Radio value="" label={t('resources.any-level', 'Any level')} />}
          {shown.length === 0 ? (
            <Body1>{t('resources.no-levels', 'No levels found.')}</Body1>
          ) : (
            branch(shown, true)
          )}
        </RadioGroup>
      </Field>
    </div>
  );
}

export function TypeChoice({
  types,
  value,
  onChange,
  error,
}: {
  types: readonly ResourceType[];
  value: number | null;
  onChange(typeId: number): void;
  error?: string;
}) {
  const t = useLabel();
  return (
    <Field label={t('resources.type', 'Resource type')} required {...state(error)}>
      <RadioGroup
        value={value === null ? '' : String(value)}
        onChange={(_event, data) => onChange(Number(data.value))}
      >
        {types.map((type) => (
          <Radio key={type.id} value={String(type.id)} label={type.name} />
        ))}
      </RadioGroup>
    </Field>
  );
}

export const CAPACITY_TYPE_HINTS: Record<ResourceCapacityType, string> = {
  exclusive: 'One booking at a time; the capacity is the number of seats.',
  shared: 'Several bookings at once, up to the capacity.',
};

export interface CapacityValues {
  resource_capacity_type: ResourceCapacityType;
  capacity: string;
  max_capacity: string;
  propagate_capacity: boolean;
}

export function CapacityFields({
  values,
  onChange,
  errors,
}: {
  values: CapacityValues;
  onChange(change: Partial<CapacityValues>): void;
  errors: Errors;
}) {
  const styles = useResourceStyles();
  const t = useLabel();
  return (
    <>
      <Field label={t('resources.capacity-type', 'Capacity type')} {...state(errors.resource_capacity_type)}>
        <RadioGroup
          value={values.resource_capacity_type}
          onChange={(_event, data) =>
            onChange({ resource_capacity_type: data.value as ResourceCapacityType })
          }
        >
          {RESOURCE_CAPACITY_TYPES.map((type) => (
            <Radio
              key={type}
              value={type}
              label={`${t(`resources.capacity-type.${type}`, type === 'exclusive' ? 'Exclusive' : 'Shared')}: ${t(
                `resources.capacity-type.${type}-hint`,
                CAPACITY_TYPE_HINTS[type],
              )}`}
            />
          ))}
        </RadioGroup>
      </Field>
      <div className={styles.numbers}>
        <Field label={t('resources.capacity', 'Capacity')} required {...state(errors.capacity)}>
          <Input
            name="capacity"
            inputMode="numeric"
            value={values.capacity}
            maxLength={String(CAPACITY_MAX).length}
            onChange={(_event, data) => onChange({ capacity: data.value })}
          />
        </Field>
        <Field
          label={t('resources.max-capacity', 'Maximum capacity')}
          hint={t('resources.max-capacity-hint', 'Empty: the same as the capacity.')}
          {...state(errors.max_capacity)}
        >
          <Input
            name="max_capacity"
            inputMode="numeric"
            value={values.max_capacity}
            maxLength={String(CAPACITY_MAX).length}
            onChange={(_event, data) => onChange({ max_capacity: data.value })}
          />
        </Field>
      </div>
      <Checkbox
        label={t('resources.propagate-capacity', 'Propagate the capacity')}
        checked={values.propagate_capacity}
        onChange={(_event, data) => onChange({ propagate_capacity: data.checked === true })}
      />
    </>
  );
}

export function DescriptionFields({
  description,
  email,
  onChange,
  errors,
}: {
  description: string;
  email: string;
  onChange(change: { description?: string; email?: string }): void;
  errors: Errors;
}) {
  const t = useLabel();
  return (
    <>
      <Field label={t('resources.description', 'Description')} {...state(errors.description)}>
        <Textarea
          name="description"
          value={description}
          maxLength={DESCRIPTION_MAX}
          resize="vertical"
          onChange={(_event, data) => onChange({ description: data.value })}
        />
      </Field>
      <Field
        label={t('resources.email', 'Room mailbox e-mail')}
        hint={t('resources.email-hint', 'For rooms booked from Outlook meetings; may stay empty.')}
        {...state(errors.email)}
      >
        <Input
          name="email"
          type="email"
          value={email}
          maxLength={254}
          onChange={(_event, data) => onChange({ email: data.value })}
        />
      </Field>
    </>
  );
}

/**
 * Checkboxes under one legend. Not inside a Fluent Field: every control in a Field takes the
 * field's one id, so the labels of all the boxes would point at the first.
 */
export function CheckGroup({
  legend,
  hint,
  error,
  children,
}: {
  legend: string;
  hint?: string;
  error?: string;
  children: ReactNode;
}) {
  const styles = useResourceStyles();
  const hintId = useId('group-hint');
  const errorId = useId('group-error');
  const described = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <fieldset className={styles.fieldset} aria-describedby={described || undefined}>
      <legend className={styles.legend}>{legend}</legend>
      {hint && (
        <Body1 id={hintId} className={styles.hint}>
          {hint}
        </Body1>
      )}
      {children}
      {error && (
        <Caption1 id={errorId} role="alert" className={styles.error}>
          {error}
        </Caption1>
      )}
    </fieldset>
  );
}

/** Attributes as checkboxes, each labelled with its name. */
export function AttributeChoice({
  attributes,
  value,
  onChange,
  error,
}: {
  attributes: readonly ResourceAttribute[];
  value: readonly number[];
  onChange(ids: number[]): void;
  error?: string;
}) {
  const t = useLabel();
  const chosen = new Set(value);
  return (
    <CheckGroup legend={t('resources.attributes', 'Attributes')} error={error}>
      {attributes.length === 0 && <Body1>{t('resources.no-attributes', 'No attributes defined.')}</Body1>}
      {attributes.map((attribute) => (
        <Checkbox
          key={attribute.id}
          label={attribute.name}
          checked={chosen.has(attribute.id)}
          onChange={(_event, data) =>
            onChange(
              data.checked === true ? [...value, attribute.id] : value.filter((id) => id !== attribute.id),
            )
          }
        />
      ))}
    </CheckGroup>
  );
}

export const MODEL_NAMES: Record<ResourceModel, string> = {
  bookable: 'Bookable',
  on_request: 'On request',
  assigned: 'Assigned',
  not_bookable: 'Not bookable',
};
export const MODEL_HINTS: Record<ResourceModel, string> = {
  bookable: 'Anyone allowed to book it can book it.',
  on_request: 'Bookings wait for an approval.',
  assigned: 'Kept for the users it is assigned to.',
  not_bookable: 'Shown on the plan only.',
};

export function ModelChoice({
  value,
  onChange,
  error,
}: {
  value: ResourceModel;
  onChange(model: ResourceModel): void;
  error?: string;
}) {
  const t = useLabel();
  return (
    <Field label={t('resources.model', 'Model')} required {...state(error)}>
      <RadioGroup value={value} onChange={(_event, data) => onChange(data.value as ResourceModel)}>
        {RESOURCE_MODELS.map((model) => (
          <Radio
            key={model}
            value={model}
            label={`${t(`resources.model.${model}`, MODEL_NAMES[model])}: ${t(
              `resources.model.${model}-hint`,
              MODEL_HINTS[model],
            )}`}
          />
        ))}
      </RadioGroup>
    </Field>
  );
}

export const FUNCTION_NAMES: Record<ResourceFunctionKey, string> = {
  'linked-resources': 'Linked resources',
  'distance-resources': 'Distance resources',
  language: 'Language',
  'device-template': 'Device template',
  currency: 'Currency',
};

export function FunctionChoice({
  value,
  onChange,
  error,
}: {
  value: readonly ResourceFunctionKey[];
  onChange(functions: ResourceFunctionKey[]): void;
  error?: string;
}) {
  const t = useLabel();
  const chosen = new Set(value);
  return (
    <CheckGroup
      legend={t('resources.functions', 'Functions')}
      hint={t('resources.functions-hint', 'Their settings are made on the resource’s edit screen.')}
      error={error}
    >
      {RESOURCE_FUNCTIONS.map((key) => (
        <Checkbox
          key={key}
          label={t(`resources.function.${key}`, FUNCTION_NAMES[key])}
          checked={chosen.has(key)}
          onChange={(_event, data) =>
            onChange(
              data.checked === true
                ? RESOURCE_FUNCTIONS.filter((k) => chosen.has(k) || k === key)
                : value.filter((k) => k !== key),
            )
          }
        />
      ))}
    </CheckGroup>
  );
}
