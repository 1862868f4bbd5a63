import { Button, Checkbox, Field, Radio, RadioGroup } from '@fluentui/react-components';
import { useMemo, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { Loader } from '../../../ui/loader';
import { useAssignableContainers } from '../api';
import { filtersFromParams, filtersToParams, NO_FILTERS, type Flag, type UserFilters } from '../filters';
import { useUserStyles } from './users.styles';

/**
 * spec §2 /manage-users search-filters (spec §9 default sections: sso, visitor, containers,
 * assigned resources): applied to the list through the address.
 */
export default function UserFiltersScreen() {
  const styles = useUserStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const initial = useMemo(() => filtersFromParams(params), [params]);
  const [filters, setFilters] = useState<UserFilters>(initial);
  const containers = useAssignableContainers();

  const apply = (event: FormEvent) => {
    event.preventDefault();
    navigate({ pathname: href('r_manage-users'), search: filtersToParams(filters).toString() });
  };
  const flag = (key: 'sso' | 'visitor' | 'assigned', label: string, yes: string, no: string) => (
    <Field label={label}>
      <RadioGroup
        layout="horizontal"
        value={filters[key]}
        onChange={(_event, data) => setFilters((previous) => ({ ...previous, [key]: data.value as Flag }))}
      >
        <Radio value="" label={t('users.filter-any', 'Any')} />
        <Radio value="1" label={yes} />
        <Radio value="0" label={no} />
      </RadioGroup>
    </Field>
  );

  return (
    <form className={styles.form} onSubmit={apply} aria-label={t('users.search-filters', 'Search filters')}>
      {flag(
        'sso',
        t('users.sso', 'Single sign-on'),
        t('users.filter-yes', 'Yes'),
        t('users.filter-no', 'No'),
      )}
      {flag(
        'visitor',
        t('users.is-visitor', 'Visitor'),
        t('users.filter-yes', 'Yes'),
        t('users.filter-no', 'No'),
      )}
      {flag(
        'assigned',
        t('users.resources', 'Assigned resources'),
        t('users.filter-with', 'With'),
        t('users.filter-without', 'Without'),
      )}
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('users.containers', 'Containers')}</legend>
        {!containers.data ? (
          <Loader label={t('general.loading', 'Loading…')} />
        ) : (
          containers.data.data.map((container) => (
            <Checkbox
              key={container.id}
              label={container.name}
              checked={filters.containers.includes(container.id)}
              onChange={(_event, data) =>
                setFilters((previous) => ({
                  ...previous,
                  containers:
                    data.checked === true
                      ? [...previous.containers, container.id]
                      : previous.containers.filter((id) => id !== container.id),
                }))
              }
            />
          ))
        )}
      </fieldset>
      <div className={styles.actions}>
        <Button type="submit" appearance="primary">
          {t('users.apply-filters', 'Show users')}
        </Button>
        <Button onClick={() => setFilters({ ...NO_FILTERS, query: filters.query })}>
          {t('users.clear-filters', 'Clear filters')}
        </Button>
      </div>
    </form>
  );
}
