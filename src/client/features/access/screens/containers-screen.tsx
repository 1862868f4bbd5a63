import { Body1 } from '@fluentui/react-components';
import { Add20Regular } from '@fluentui/react-icons';
import { can } from '../../../../shared/permissions/can';
import { useLabel } from '../../../i18n/i18n';
import { useInitialData } from '../../../session/hooks';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useContainers } from '../api';
import { useAccessKind } from '../kinds';
import { useAccessStyles } from './access.styles';

/** spec §2 /containers-user, -users-manager, -level, -resource, -reception-desk: the kind's containers. */
export default function ContainersScreen() {
  const styles = useAccessStyles();
  const t = useLabel();
  const kind = useAccessKind();
  const permissions = useInitialData()?.general_permissions ?? [];
  const list = useContainers(kind.type);
  const title = t(`access.${kind.label}.containers`, kind.english.containers);
  return (
    <div className={styles.page}>
      {can(permissions, [kind.containerPermission, 'create']) && (
        <div className={styles.toolbar}>
          <AppLink to={`/${kind.containers}/add`}>
            <Add20Regular aria-hidden /> {t('access.containers.add', 'Add container')}
          </AppLink>
        </div>
      )}
      {list.error ? (
        <ErrorText message={list.error.message} />
      ) : !list.data ? (
        <Loader label={t('general.loading', 'Loading…')} />
      ) : list.data.data.length === 0 ? (
        <Body1 role="status">{t('access.containers.empty', 'No containers yet.')}</Body1>
      ) : (
        <ul className={styles.rows} aria-label={title}>
          {list.data.data.map((container) => (
            <li key={container.id} className={styles.row}>
              <div className={styles.rowMain}>
                <AppLink to={`/${kind.containers}/edit/${container.id}`}>{container.name}</AppLink>
                <Body1 className={styles.detail}>
                  {container.roles.map((role) => role.name).join(', ') ||
                    t('access.containers.no-roles', 'No roles')}
                </Body1>
              </div>
              <Body1 className={styles.detail}>
                {t(
                  'access.containers.users-count',
                  { one: '{count} user', other: '{count} users' },
                  { count: container.users_count },
                )}
              </Body1>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
