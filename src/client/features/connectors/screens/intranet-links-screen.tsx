import { Badge, Body1 } from '@fluentui/react-components';
import { Add20Regular } from '@fluentui/react-icons';
import { can } from '../../../../shared/permissions/can';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { useInitialData } from '../../../session/hooks';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useIntranets } from '../api';
import { useConnectorStyles } from '../components/connectors.styles';
import { useConnectorsChanged } from '../components/use-connectors-changed';

/** spec §2 connectors-intranet: the company's intranet links. */
export default function IntranetLinksScreen() {
  const styles = useConnectorStyles();
  const t = useLabel();
  const session = useInitialData();
  const links = useIntranets();
  useConnectorsChanged(() => void links.mutate());
  const permissions = session?.general_permissions ?? [];

  return (
    <div className={styles.page}>
      {can(permissions, ['CONNECTORS', 'create']) && (
        <div className={styles.actions}>
          <AppLink to={href('r_connectors-intranet-add')}>
            <Add20Regular aria-hidden /> {t('connectors.intranet-add', 'Add intranet link')}
          </AppLink>
        </div>
      )}
      {!links.data ? (
        links.error ? (
          <ErrorText message={links.error.message} />
        ) : (
          <Loader label={t('general.loading', 'Loading…')} />
        )
      ) : links.data.data.length === 0 ? (
        <Body1 role="status">{t('connectors.intranet-empty', 'No intranet link yet.')}</Body1>
      ) : (
        <ul className={styles.rows} aria-label={t('connectors.intranet', 'Intranet links')}>
          {links.data.data.map((link) => (
            <li key={link.id} className={styles.row}>
              {can(permissions, ['CONNECTORS', 'update']) ? (
                <AppLink to={href('r_connectors-intranet-edit', { intranetId: link.id })}>
                  {link.name}
                </AppLink>
              ) : (
                <Body1>{link.name}</Body1>
              )}
              <span className={styles.actions}>
                <Body1 className={styles.detail}>{link.url}</Body1>
                {!link.is_active && (
                  <Badge appearance="tint" color="informative">
                    {t('connectors.inactive', 'Inactive')}
                  </Badge>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
