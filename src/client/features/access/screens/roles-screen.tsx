import { Body1 } from '@fluentui/react-components';
import { Add20Regular } from '@fluentui/react-icons';
import { can } from '../../../../shared/permissions/can';
import { useLabel } from '../../../i18n/i18n';
import { useInitialData } from '../../../session/hooks';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useRoles } from '../api';
import { useAccessKind } from '../kinds';
import { useAccessStyles } from './access.styles';

/** spec §2 /roles-user, -user-manager, -level, -resource, -reception-desk: the kind's roles. */
export default function RolesScreen() {
  const styles = useAccessStyles();
  const t = useLabel();
  const kind = useAccessKind();
  const permissions = useInitialData()?.general_permissions ?? [];
  const list = useRoles(kind.type);
  return (
    <div className={styles.page}>
      {can(permissions, [kind.rolePermission, 'create']) && (
        <div className={styles.toolbar}>
          <AppLink to={`/${kind.roles}/add`}>
            <Add20Regular aria-hidden /> {t('access.roles.add', 'Add role')}
          </AppLink>
        </div>
      )}
      {list.error ? (
        <ErrorText message={list.error.message} />
      ) : !list.data ? (
        <Loader label={t('general.loading', 'Loading…')} />
      ) : list.data.data.length === 0 ? (
        <Body1 role="status">{t('access.roles.empty', 'No roles yet.')}</Body1>
      ) : (
        <ul className={styles.rows} aria-label={t(`access.${kind.label}.roles`, kind.english.roles)}>
          {list.data.data.map((role) => (
            <li key={role.id} className={styles.row}>
              <div className={styles.rowMain}>
                <AppLink to={`/${kind.roles}/edit/${role.id}`}>{role.name}</AppLink>
                <Body1 className={styles.detail}>
                  {role.containers.map((container) => container.name).join(', ') ||
                    t('access.roles.no-containers', 'In no container')}
                </Body1>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
