import { Body1, SearchBox } from '@fluentui/react-components';
import { Add20Regular, PaintBrush20Regular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useHelpPages } from '../api';
import { useMasterStyles } from '../master.styles';

const SEARCH_DEBOUNCE_MS = 300; // spec §9

/** spec §2 /help-pages: every help page by the screen path it belongs to, with its languages. */
export default function HelpPagesScreen() {
  const styles = useMasterStyles();
  const t = useLabel();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const pages = useHelpPages(query);

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
        <AppLink to={href('r_help-pages-add-page')}>
          <Add20Regular aria-hidden /> {t('master.help.add', 'Add page')}
        </AppLink>
        <AppLink to={href('r_help-pages-css')}>
          <PaintBrush20Regular aria-hidden /> {t('master.help.css', 'Help stylesheet')}
        </AppLink>
      </div>
      {pages.error ? (
        <ErrorText message={errorMessage(pages.error)} />
      ) : !pages.data ? (
        <Loader label={t('general.loading', 'Loading…')} />
      ) : pages.data.data.length === 0 ? (
        <Body1 role="status">{t('master.reference.none', 'Nothing found.')}</Body1>
      ) : (
        <ul
          className={styles.rows}
          aria-label={t('master.help.title', 'Help pages')}
          aria-busy={pages.isValidating}
        >
          {pages.data.data.map((page) => (
            <li key={page.id} className={styles.row}>
              <span className={styles.rowMain}>
                <AppLink to={href('r_help-pages-page', { helpPageId: page.id })}>{page.path}</AppLink>
                <Body1 className={styles.detail}>{page.title}</Body1>
              </span>
              <Body1 className={styles.detail}>{page.languages.join(' · ')}</Body1>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
