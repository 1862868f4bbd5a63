import { Body1, Caption1, SearchBox } from '@fluentui/react-components';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { foldForSearch } from '../../../../shared/text/search';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useAllPlanLevels } from '../../plan/api';
import { useOneClickStyles } from '../one-click.styles';
import { useWidgetKind } from '../use-widget-kind';

/**
 * spec §2 /one-click/settings/plan/add and map/add: the level of a new widget. A plan needs a level
 * that can be booked (spec §5), a map one with a floor map; the others are listed, not offered.
 */
export default function LevelPickScreen() {
  const styles = useOneClickStyles();
  const t = useLabel();
  const kind = useWidgetKind();
  // ?widget= carries a widget whose level is being changed (from set-plan or set-map)
  const { search } = useLocation();
  const levels = useAllPlanLevels();
  const [query, setQuery] = useState('');
  if (levels.error) return <ErrorText message={errorMessage(levels.error)} />;
  if (!levels.data) return <Loader label={t('general.loading', 'Loading…')} />;
  const wanted = foldForSearch(query.trim());
  const shown = levels.data.data.filter((level) => foldForSearch(level.path).includes(wanted));
  return (
    <div className={styles.page}>
      <SearchBox
        aria-label={t('one-click.search-level', 'Search a location')}
        placeholder={t('one-click.search-level', 'Search a location')}
        value={query}
        onChange={(_event, data) => setQuery(data.value)}
      />
      {shown.length === 0 && <Body1 role="status">{t('one-click.no-levels', 'No location matches.')}</Body1>}
      <ul className={styles.rows}>
        {shown.map((level) => {
          const offered = kind === 'plan' ? level.is_declarable : level.map_id !== null;
          return (
            <li key={level.id} className={styles.row}>
              <div className={styles.rowMain}>
                <Body1>{level.name}</Body1>
                <Caption1 className={styles.detail}>{level.path}</Caption1>
              </div>
              {offered ? (
                <AppLink to={`${href(`r_one-click-settings-${kind}-level`, { levelId: level.id })}${search}`}>
                  {t('one-click.choose-named', 'Choose {name}', { name: level.name })}
                </AppLink>
              ) : (
                <Caption1 className={styles.detail}>
                  {kind === 'plan'
                    ? t('one-click.not-bookable', 'Cannot be booked')
                    : t('one-click.no-map', 'No floor map')}
                </Caption1>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
