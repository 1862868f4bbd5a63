import { Badge, Body1, Subtitle2 } from '@fluentui/react-components';
import { Add20Regular } from '@fluentui/react-icons';
import { SSO_PROVIDERS } from '../../../../shared/contract/sso';
import { can } from '../../../../shared/permissions/can';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { useInitialData } from '../../../session/hooks';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useSsoConnectors } from '../api';
import { providerName } from '../components/provider-name';
import { useSsoStyles } from '../components/sso.styles';

/** spec §2 connectors-sso: the company's single sign-on connectors, and adding one (Azure or Google). */
export default function SsoConnectorsScreen() {
  const styles = useSsoStyles();
  const t = useLabel();
  const session = useInitialData();
  const connectors = useSsoConnectors();
  const mayAdd = can(session?.general_permissions ?? [], ['CONNECTORS', 'create']);

  if (connectors.error) return <ErrorText message={connectors.error.message} />;
  if (!connectors.data) return <Loader label={t('general.loading', 'Loading…')} />;

  return (
    <div className={styles.page}>
      {mayAdd && (
        <div className={styles.actions}>
          {SSO_PROVIDERS.map((provider) => (
            <AppLink key={provider} to={href('r_connectors-sso-add', { ssoId: provider })}>
              <Add20Regular aria-hidden />{' '}
              {t(`connectors-sso.add-${provider}`, `Add ${providerName(provider)} single sign-on`)}
            </AppLink>
          ))}
        </div>
      )}
      {connectors.data.data.length === 0 ? (
        <Body1>
          {t('connectors-sso.none', 'No single sign-on connector yet: everyone signs in with a password.')}
        </Body1>
      ) : (
        <ul className={styles.rows} aria-label={t('connectors-sso.title', 'Single sign-on')}>
          {connectors.data.data.map((connector) => (
            <li key={connector.id} className={styles.row}>
              <div className={styles.section}>
                <Subtitle2>
                  <AppLink to={href('r_connectors-sso-list', { ssoId: connector.id })}>
                    {connector.name}
                  </AppLink>
                </Subtitle2>
                <Body1 className={styles.detail}>
                  {providerName(connector.provider)} · {connector.domains.join(', ')}
                </Body1>
              </div>
              <Badge appearance="tint" color={connector.is_active ? 'success' : 'informative'}>
                {connector.is_active ? t('connectors-sso.on', 'On') : t('connectors-sso.off', 'Off')}
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
