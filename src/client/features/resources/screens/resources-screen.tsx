import { Body1, Button, Caption1, SearchBox, Spinner } from '@fluentui/react-components';
import { Add20Regular, Filter20Regular } from '@fluentui/react-icons';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { can } from '../../../../shared/permissions/can';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { useInitialData } from '../../../session/hooks';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useResourceList } from '../api';
import { MODEL_NAMES } from '../components/resource-fields';
import { DeleteButton, DuplicateButton } from '../components/resource-actions';
import { activeFilterCount, filtersFromParams, filtersToParams } from '../filters';
import { useResourceStyles } from './resources.styles';

const SEARCH_DEBOUNCE_MS = 300; // spec §9

/**
 * spec §2 /resources: the company's resources, 50 at a time, searched and filtered (the filters
 * live in the address); each opens its edit hub, and can be duplicated or deleted from here.
 */
export default function ResourcesScreen() {
  const styles = useResourceStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const session = useInitialData();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const [search, setSearch] = useState(filters.query);
  const list = useResourceList(filters);
  const permissions = session?.general_permissions ?? [];
  const mayAdd = can(permissions, ['RESOURCES', 'create']);
  const mayDelete = can(permissions, ['RESOURCES', 'delete']);

  const written = useRef(filters.query);
  // The search box writes the address 300 ms after the last key; the address drives the list.
  useEffect(() => {
    if (search.trim() === filters.query) return;
    const timer = setTimeout(() => {
      written.current = search.trim();
      setParams(filtersToParams({ ...filters, query: search }), { replace: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, filters, setParams]);
  // Back and forward (or the filter screen) change the address: the box follows.
  useEffect(() => {
    if (filters.query !== written.current) {
      written.current = filters.query;
      setSearch(filters.query);
    }
  }, [filters.query]);

  const pages = list.data ?? [];
  const resources = pages.flatMap((page) => page.data);
  const last = pages.at(-1)?.meta;
  const total = last?.total ?? 0;
  const more = last !== undefined && last.current_page < last.last_page;
  const loadingMore =
    list.isLoading || (list.size > 0 && list.data !== undefined && list.data.length < list.size);
  const count = activeFilterCount(filters);

  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <SearchBox
          className={styles.search}
          aria-label={t('general.actions.search', 'Search')}
          placeholder={t('general.actions.search', 'Search')}
          value={search}
          onChange={(_event, data) => setSearch(data.value)}
        />
        <Button
          icon={<Filter20Regular aria-hidden />}
          onClick={() =>
            navigate({ pathname: href('r_resources-search-filters'), search: params.toString() })
          }
        >
          {count > 0
            ? t('resources.filters-count', 'Filters ({count})', { count })
            : t('resources.filters', 'Filters')}
        </Button>
        {mayAdd && (
          <AppLink to={href('r_resources-add')}>
            <Add20Regular aria-hidden /> {t('resources.add', 'Add resource')}
          </AppLink>
        )}
      </div>
      {list.error ? (
        <ErrorText message={list.error.message} />
      ) : !list.data ? (
        <Loader label={t('general.loading', 'Loading…')} />
      ) : resources.length === 0 ? (
        <Body1 role="status">{t('resources.empty', 'No resources found.')}</Body1>
      ) : (
        <>
          <Caption1 role="status">
            {t('resources.count', '{shown} of {total} resources', { shown: resources.length, total })}
          </Caption1>
          <ul
            className={styles.rows}
            aria-label={t('resources.title', 'Resources')}
            aria-busy={list.isValidating}
          >
            {resources.map((resource) => (
              <li key={resource.id} className={styles.row}>
                <div className={styles.rowMain}>
                  <AppLink to={href('r_resources-edit', { resource_id: resource.id })}>
                    {resource.name}
                  </AppLink>
                  <Caption1 className={styles.detail}>
                    {[
                      resource.resource_type.name,
                      resource.level.path,
                      t('resources.capacity-of', 'Capacity {capacity}', { capacity: resource.capacity }),
                      t(`resources.model.${resource.resource_model}`, MODEL_NAMES[resource.resource_model]),
                    ].join(' · ')}
                  </Caption1>
                  {resource.resource_attributes.length > 0 && (
                    <Caption1 className={styles.detail}>
                      {resource.resource_attributes.map((attribute) => attribute.name).join(', ')}
                    </Caption1>
                  )}
                </div>
                <div className={styles.rowActions}>
                  {mayAdd && <DuplicateButton resource={resource} onDuplicated={() => void list.mutate()} />}
                  {mayDelete && <DeleteButton resource={resource} onDeleted={() => void list.mutate()} />}
                </div>
              </li>
            ))}
          </ul>
          {more && (
            <div className={styles.actions}>
              <Button
                disabled={loadingMore}
                icon={loadingMore ? <Spinner size="tiny" aria-hidden /> : undefined}
                onClick={() => void list.setSize(list.size + 1)}
              >
                {t('resources.load-more', 'Load more')}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
