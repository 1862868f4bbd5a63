import { Body1, Caption1, SearchBox } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useServiceResources } from '../api';
import { useOrderStyles } from '../components/order-parts';

const SEARCH_DEBOUNCE_MS = 300; // spec §9

/** spec §2 /services service-resources: the resources offering services the caller serves, each to order for. */
export default function ServiceResourcesScreen() {
  const styles = useOrderStyles();
  const t = useLabel();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(search), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const resources = useServiceResources(query);
  return (
    <div className={styles.page}>
      <SearchBox
        aria-label={t('general.actions.search', 'Search')}
        placeholder={t('general.actions.search', 'Search')}
        value={search}
        onChange={(_e, data) => setSearch(data.value)}
      />
      {!resources.data ? (
        resources.error ? (
          <ErrorText message={resources.error.message} />
        ) : (
          <Loader label={t('general.loading', 'Loading…')} />
        )
      ) : resources.data.items.length === 0 ? (
        <Body1 role="status">{t('services.no-resources', 'No resource offers services.')}</Body1>
      ) : (
        <ul className={styles.rows} aria-label={t('services.service-resources', 'Resources with services')}>
          {resources.data.items.map((resource) => (
            <li key={resource.id} className={styles.row}>
              <div className={styles.column}>
                <Body1>{resource.name}</Body1>
                <Caption1 className={styles.detail}>
                  {resource.path} · {resource.service_types.map((type) => type.name).join(', ')}
                </Caption1>
              </div>
              <AppLink
                to={href('r_services-service-resources-add-order', { order_resource_id: resource.id })}
              >
                {t('services.add-order-for', 'Order for {resource}', { resource: resource.name })}
              </AppLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
