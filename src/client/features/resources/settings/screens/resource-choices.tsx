import { Body1, Checkbox, SearchBox, Text, useId } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useLabel } from '../../../../i18n/i18n';
import { useResourceChoices } from '../api';
import { useSettingsStyles } from '../settings.styles';

const SEARCH_DEBOUNCE_MS = 300; // spec §9

export interface ChosenResource {
  id: number;
  name: string;
}

/**
 * Other resources of the company to pick: the chosen ones stay on top, the search finds more by
 * name. The resource being edited is never offered (it cannot be linked to itself).
 */
export function ResourceChoices({
  legend,
  ownId,
  chosen,
  error,
  disabled,
  onChange,
}: {
  legend: string;
  ownId: number;
  chosen: readonly ChosenResource[];
  error: string | undefined;
  disabled: boolean;
  onChange(next: ChosenResource[]): void;
}) {
  const styles = useSettingsStyles();
  const t = useLabel();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(search), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const found = useResourceChoices(query);
  const chosenIds = new Set(chosen.map((resource) => resource.id));
  const others = (found.data?.data ?? []).filter(
    (resource) => resource.id !== ownId && !chosenIds.has(resource.id),
  );
  const errorId = useId('resource-choices-error');

  const row = (resource: ChosenResource, checked: boolean, path?: string) => (
    <Checkbox
      key={resource.id}
      checked={checked}
      disabled={disabled}
      label={path ? `${resource.name} (${path})` : resource.name}
      onChange={(_event, data) =>
        onChange(
          data.checked === true
            ? [...chosen, { id: resource.id, name: resource.name }]
            : chosen.filter((entry) => entry.id !== resource.id),
        )
      }
    />
  );

  return (
    <fieldset className={styles.fieldset} aria-describedby={error ? errorId : undefined}>
      <legend className={styles.legend}>{legend}</legend>
      <SearchBox
        aria-label={t('resource-settings.function.search-resources', 'Search resources')}
        placeholder={t('resource-settings.function.search-resources', 'Search resources')}
        value={search}
        disabled={disabled}
        onChange={(_event, data) => setSearch(data.value)}
      />
      <div className={styles.choices} aria-busy={found.isValidating}>
        {chosen.map((resource) => row(resource, true))}
        {others.map((resource) => row(resource, false, resource.level.path))}
        {chosen.length === 0 && others.length === 0 && found.data && (
          <Body1 role="status">{t('resource-settings.function.no-resources', 'No resources found.')}</Body1>
        )}
      </div>
      {error && (
        <Text id={errorId} role="alert" className={styles.error}>
          {error}
        </Text>
      )}
    </fieldset>
  );
}
