import { Badge, Body1, Subtitle2 } from '@fluentui/react-components';
import { Add20Regular } from '@fluentui/react-icons';
import { useLocation } from 'react-router-dom';
import { PROVIDER_NAMES } from '../../../../shared/contract/connectors';
import { can } from '../../../../shared/permissions/can';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { useInitialData } from '../../../session/hooks';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useCalendars, useConnectorTypes, useIntranets } from '../api';
import { overviewPrefix, SSO_LIST_ROUTE, ssoAvailable } from '../components/connector-links';
import { useConnectorStyles } from '../components/connectors.styles';
import { useConnectorsChanged } from '../components/use-connectors-changed';

/** spec §2 connectors-overview: every kind of connector, what is set up of each, and where to go. */
export default function ConnectorsOverviewScreen() {
  const styles = useConnectorStyles();
  const t = useLabel();
  const { pathname } = useLocation();
  const session = useInitialData();
  const types = useConnectorTypes();
  const calendars = useCalendars();
  const intranets = useIntranets();
  useConnectorsChanged(() => {
    void calendars.mutate();
    void intranets.mutate();
  });
  const mayAdd = can(session?.general_permissions ?? [], ['CONNECTORS', 'create']);
  const prefix = overviewPrefix(pathname);

  if (types.error) return <ErrorText message={types.error.message} />;
  if (!types.data || !calendars.data || !intranets.data)
    return <Loader label={t('general.loading', 'Loading…')} />;

  const summary = (key: string) => {
    if (key === 'calendar') {
      const active = calendars.data!.data.filter((c) => c.is_active).length;
      return t('connectors.calendar-summary', '{count} connectors, {active} active')
        .replace('{count}', String(calendars.data!.data.length))
        .replace('{active}', String(active));
    }
    if (key === 'intranet')
      return t('connectors.intranet-summary', '{count} links').replace(
        '{count}',
        String(intranets.data!.data.length),
      );
    return ssoAvailable()
      ? ''
      : t('connectors.sso-unavailable', 'Set up by the single sign-on administration.');
  };
  const target = (key: string) =>
    key === 'calendar'
      ? href('r_connectors-calendar')
      : key === 'intranet'
        ? href('r_connectors-intranet')
        : ssoAvailable()
          ? href(SSO_LIST_ROUTE)
          : null;

  return (
    <div className={styles.page}>
      {mayAdd && (
        <div className={styles.actions}>
          <AppLink to={href(`${prefix}-overview-connector`)}>
            <Add20Regular aria-hidden /> {t('connectors.add', 'Add a connector')}
          </AppLink>
        </div>
      )}
      <ul className={styles.rows} aria-label={t('connectors.types', 'Connector types')}>
        {types.data.data.map((type) => {
          const to = target(type.key);
          const name = t(`connectors.type-${type.key}`, type.name);
          return (
            <li key={type.id} className={styles.row}>
              <Subtitle2>{to ? <AppLink to={to}>{name}</AppLink> : name}</Subtitle2>
              <Body1 className={styles.detail}>{summary(type.key)}</Body1>
            </li>
          );
        })}
      </ul>
      {calendars.data.data.length > 0 && (
        <section className={styles.section} aria-labelledby="connectors-calendars">
          <Subtitle2 as="h2" id="connectors-calendars">
            {t('connectors.calendar', 'Calendar connectors')}
          </Subtitle2>
          <ul className={styles.rows}>
            {calendars.data.data.map((connector) => (
              <li key={connector.id} className={styles.row}>
                <AppLink to={href('r_connectors-calendar-list', { calendarId: connector.id })}>
                  {connector.name}
                </AppLink>
                <span className={styles.actions}>
                  <Body1 className={styles.detail}>{PROVIDER_NAMES[connector.provider]}</Body1>
                  <Badge appearance="tint" color={connector.is_active ? 'success' : 'informative'}>
                    {connector.is_active
                      ? t('connectors.active', 'Active')
                      : t('connectors.inactive', 'Inactive')}
                  </Badge>
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
