import { Body1, Subtitle2 } from '@fluentui/react-components';
import { CALENDAR_PROVIDERS, PROVIDER_NAMES } from '../../../../shared/contract/connectors';
import { useLabel } from '../../../i18n/i18n';
import { href, routeExists } from '../../../routing/paths';
import { AppLink } from '../../../ui/app-link';
import { SSO_ADD_ROUTE } from '../components/connector-links';
import { useConnectorStyles } from '../components/connectors.styles';

const SSO_VARIANTS = [
  { id: 'azure', name: 'Microsoft Entra ID (Azure)' },
  { id: 'google', name: 'Google Workspace' },
] as const;

/** spec §2 connectors-overview/connector: which connector to add, in each variant. */
export default function ConnectorPickerScreen() {
  const styles = useConnectorStyles();
  const t = useLabel();
  return (
    <div className={styles.page}>
      <section className={styles.section} aria-labelledby="picker-calendar">
        <Subtitle2 as="h2" id="picker-calendar">
          {t('connectors.type-calendar', 'Calendar')}
        </Subtitle2>
        <ul className={styles.rows}>
          {CALENDAR_PROVIDERS.map((provider) => (
            <li key={provider} className={styles.row}>
              <AppLink to={href('r_connectors-calendar-add', { calendarId: provider })}>
                {PROVIDER_NAMES[provider]}
              </AppLink>
            </li>
          ))}
        </ul>
      </section>
      {routeExists(SSO_ADD_ROUTE) && (
        <section className={styles.section} aria-labelledby="picker-sso">
          <Subtitle2 as="h2" id="picker-sso">
            {t('connectors.type-sso', 'Single sign-on')}
          </Subtitle2>
          <ul className={styles.rows}>
            {SSO_VARIANTS.map((variant) => (
              <li key={variant.id} className={styles.row}>
                <AppLink to={href(SSO_ADD_ROUTE, { ssoId: variant.id })}>{variant.name}</AppLink>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className={styles.section} aria-labelledby="picker-intranet">
        <Subtitle2 as="h2" id="picker-intranet">
          {t('connectors.type-intranet', 'Intranet')}
        </Subtitle2>
        <Body1>
          <AppLink to={href('r_connectors-intranet-add')}>
            {t('connectors.intranet-add', 'Add intranet link')}
          </AppLink>
        </Body1>
      </section>
    </div>
  );
}
