import { Body1, Caption1, SearchBox, Spinner } from '@fluentui/react-components';
import { useState } from 'react';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { useOneClickStyles } from '../one-click.styles';
import { usePersonSearch } from '../use-person-search';

/**
 * spec §2 /one-click/find-person: a colleague by name or e-mail (only people who let themselves be
 * found), then where they sit today on the map.
 */
export default function FindPersonScreen() {
  const styles = useOneClickStyles();
  const t = useLabel();
  const [query, setQuery] = useState('');
  const search = usePersonSearch(query);
  return (
    <div className={styles.page}>
      <SearchBox
        aria-label={t('one-click.search-person', 'Name or e-mail')}
        placeholder={t('one-click.search-person', 'Name or e-mail')}
        value={query}
        onChange={(_event, data) => setQuery(data.value)}
      />
      <ErrorText message={search.failure} />
      <div role="status">
        {search.searching && <Spinner size="tiny" label={t('one-click.searching', 'Searching…')} />}
        {!search.searching && search.people?.length === 0 && (
          <Body1>{t('one-click.nobody', 'Nobody found.')}</Body1>
        )}
      </div>
      <ul className={styles.rows} aria-label={t('one-click.people', 'People')}>
        {(search.people ?? []).map((person) => (
          <li key={person.id} className={styles.row}>
            <div className={styles.rowMain}>
              <Body1>{person.name}</Body1>
              <Caption1 className={styles.detail}>{person.email}</Caption1>
            </div>
            <AppLink to={`${href('r_one-click-find-person-map')}?person=${person.id}`}>
              {t('one-click.where-is', 'Where is {name}?', { name: person.name })}
            </AppLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
