import { Body1, SearchBox } from '@fluentui/react-components';
import { Add20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { matchesSearch } from '../../../../shared/text/search';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { href, type RouteName } from '../../../routing/paths';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useReferenceRows } from '../api';
import { useMasterStyles } from '../master.styles';
import { referenceScreenOf } from '../reference-kinds';

/** spec §2 /cx-countries, /cx-data-regions and the other reference lists: search, add, open to edit. */
export default function ReferenceListScreen() {
  const styles = useMasterStyles();
  const t = useLabel();
  const config = referenceScreenOf(useLocation().pathname);
  const rows = useReferenceRows(config.kind);
  const [query, setQuery] = useState('');

  if (rows.error) return <ErrorText message={errorMessage(rows.error)} />;
  if (!rows.data) return <Loader label={t('general.loading', 'Loading…')} />;
  const shown = rows.data.data.filter(
    (row) => matchesSearch(row.name, query) || matchesSearch(row.code, query),
  );

  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <SearchBox
          className={styles.search}
          aria-label={t('general.actions.search', 'Search')}
          placeholder={t('general.actions.search', 'Search')}
          value={query}
          onChange={(_event, data) => setQuery(data.value)}
        />
        <AppLink to={href(`r_cx-${config.segment}-add-${config.singular}` as RouteName)}>
          <Add20Regular aria-hidden /> {t(config.add.code, config.add.english)}
        </AppLink>
      </div>
      {shown.length === 0 ? (
        <Body1 role="status">{t('master.reference.none', 'Nothing found.')}</Body1>
      ) : (
        <ul className={styles.rows} aria-label={t(config.title.code, config.title.english)}>
          {shown.map((row) => (
            <li key={row.id} className={styles.row}>
              <span className={styles.rowMain}>
                <AppLink
                  to={href(`r_cx-${config.segment}-edit-${config.singular}` as RouteName, { id: row.id })}
                >
                  {row.name}
                </AppLink>
                <Body1 className={styles.detail}>
                  {[row.code, row.locale, row.symbol].filter(Boolean).join(' · ')}
                </Body1>
              </span>
              <Body1 className={styles.detail}>
                {row.in_use > 0
                  ? t('master.reference.in-use', 'In use ({count})', { count: row.in_use })
                  : t('master.reference.unused', 'Not in use')}
              </Body1>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
