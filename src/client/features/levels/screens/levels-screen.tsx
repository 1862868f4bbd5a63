import { Body1, Button, SearchBox } from '@fluentui/react-components';
import { Add20Regular, Map20Regular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { can } from '../../../../shared/permissions/can';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { useInitialData } from '../../../session/hooks';
import { AppLink } from '../../../ui/app-link';
import { Loader } from '../../../ui/loader';
import { clearAddDraft } from '../add-draft';
import { useAllLevels } from '../api';
import { buildTree, filterTree, type LevelNode } from '../tree';
import { useLevelStyles } from './levels.styles';

/** spec §2 /levels: the tree of levels with a search; each level opens its edit screen. */
export default function LevelsScreen() {
  const styles = useLevelStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const session = useInitialData();
  const levels = useAllLevels();
  const [query, setQuery] = useState('');
  const tree = useMemo(() => buildTree(levels.data?.data ?? []), [levels.data]);
  if (!levels.data) return <Loader label={t('general.loading', 'Loading…')} />;
  const mayAdd = can(session?.general_permissions ?? [], ['LEVELS', 'create']);
  const shown = filterTree(tree, query);

  const branch = (nodes: readonly LevelNode[], top: boolean) => (
    <ul className={top ? styles.tree : styles.branch}>
      {nodes.map(({ level, children }) => (
        <li key={level.id}>
          <div className={styles.item}>
            <AppLink to={href('r_level', { level_id: level.id })}>{level.name}</AppLink>
            <Body1 className={styles.detail}>{t(`levels.kind.${level.kind}`, level.kind)}</Body1>
            {level.map_id !== null && <Map20Regular aria-label={t('levels.has-map', 'Has a floor map')} />}
          </div>
          {children.length > 0 && branch(children, false)}
        </li>
      ))}
    </ul>
  );

  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <SearchBox
          aria-label={t('general.actions.search', 'Search')}
          placeholder={t('general.actions.search', 'Search')}
          value={query}
          onChange={(_event, data) => setQuery(data.value)}
        />
        {mayAdd && (
          <Button
            appearance="primary"
            icon={<Add20Regular />}
            onClick={() => {
              clearAddDraft();
              navigate(href('r_level'));
            }}
          >
            {t('levels.add', 'Add level')}
          </Button>
        )}
      </div>
      {shown.length === 0 ? (
        <Body1>{t('levels.none', 'No levels found.')}</Body1>
      ) : (
        <nav aria-label={t('levels.tree', 'Levels')}>{branch(shown, true)}</nav>
      )}
    </div>
  );
}
