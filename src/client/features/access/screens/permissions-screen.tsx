import { Body1 } from '@fluentui/react-components';
import { useLabel } from '../../../i18n/i18n';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { usePermissions } from '../api';
import { useAccessKind } from '../kinds';
import { useAccessStyles } from './access.styles';

/** spec §2 /permissions-level, -resource, -user: the permissions roles of the kind can grant. */
export default function PermissionsScreen() {
  const styles = useAccessStyles();
  const t = useLabel();
  const kind = useAccessKind();
  const list = usePermissions(kind.type);
  if (list.error) return <ErrorText message={list.error.message} />;
  if (!list.data) return <Loader label={t('general.loading', 'Loading…')} />;
  return (
    <ul className={styles.rows} aria-label={t(`access.${kind.label}.permissions`, kind.english.permissions)}>
      {list.data.data.map((permission) => (
        <li key={permission.id} className={styles.row}>
          <AppLink to={`/${kind.permissions}/edit-permission/${permission.id}`}>{permission.name}</AppLink>
          <Body1 className={styles.detail}>{t(`access.types.${permission.type}`, permission.type)}</Body1>
        </li>
      ))}
    </ul>
  );
}
