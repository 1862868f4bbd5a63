import { Body1, SearchBox } from '@fluentui/react-components';
import { Add20Regular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { can } from '../../../../shared/permissions/can';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { useInitialData } from '../../../session/hooks';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useCatalogueList } from './catalogue-api';
import type { CatalogueConfig } from './catalogue-config';
import { useCatalogueStyles } from './catalogue.styles';

const SEARCH_DEBOUNCE_MS = 300; // spec §9

/** spec §2 /resource-types, /resource-attributes: a searchable list, each entry opening its edit screen. */
export function CatalogueListScreen({ config }: { config: CatalogueConfig }) {
  const styles = useCatalogueStyles();
  const t = useLabel();
  const session = useInitialData();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(search), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const list = useCatalogueList(config.paths, query);
  const mayAdd = can(session?.general_permissions ?? [], [config.permission, 'create']);
  const mayEdit = can(session?.general_permissions ?? [], [config.permission, 'update']);

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
        {mayAdd && (
          <AppLink to={href(config.routes.add)}>
            <Add20Regular aria-hidden /> {t(`${config.labels}.add`, config.english.add)}
          </AppLink>
        )}
      </div>
      {!list.data ? (
        list.error ? (
          <ErrorText message={list.error.message} />
        ) : (
          <Loader label={t('general.loading', 'Loading…')} />
        )
      ) : list.data.items.length === 0 ? (
        <Body1 role="status">{t(`${config.labels}.empty`, config.english.empty)}</Body1>
      ) : (
        <ul
          className={styles.rows}
          aria-label={t(`${config.labels}.title`, config.english.title)}
          aria-busy={list.isValidating}
        >
          {list.data.items.map((item) => (
            <li key={item.id} className={styles.row}>
              {mayEdit ? (
                <AppLink to={href(config.routes.edit, { [config.param]: item.id })}>{item.name}</AppLink>
              ) : (
                <Body1>{item.name}</Body1>
              )}
              <Body1 className={styles.detail}>{item.key}</Body1>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
