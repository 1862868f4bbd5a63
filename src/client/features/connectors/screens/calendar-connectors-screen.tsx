import { Badge, Body1 } from '@fluentui/react-components';
import { Add20Regular } from '@fluentui/react-icons';
import { CALENDAR_PROVIDERS, PROVIDER_NAMES } from '../../../../shared/contract/connectors';
import { can } from '../../../../shared/permissions/can';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { useInitialData } from '../../../session/hooks';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useCalendars } from '../api';
import { useConnectorStyles } from '../components/connectors.styles';
import { useConnectorsChanged } from '../components/use-connectors-changed';

/** spec §2 connectors-calendar: the company's calendar connectors, and adding one per provider. */
export default function CalendarConnectorsScreen() {
  const styles = useConnectorStyles();
  const t = useLabel();
  const session = useInitialData();
  const calendars = useCalendars();
  useConnectorsChanged(() => void calendars.mutate());
  const mayAdd = can(session?.general_permissions ?? [], ['CONNECTORS', 'create']);

  return (
    <div className={styles.page}>
      {mayAdd && (
        <div className={styles.actions}>
          {CALENDAR_PROVIDERS.map((provider) => (
            <AppLink key={provider} to={href('r_connectors-calendar-add', { calendarId: provider })}>
              <Add20Regular aria-hidden /> {PROVIDER_NAMES[provider]}
            </AppLink>
          ))}
        </div>
      )}
      {!calendars.data ? (
        calendars.error ? (
          <ErrorText message={calendars.error.message} />
        ) : (
          <Loader label={t('general.loading', 'Loading…')} />
        )
      ) : calendars.data.data.length === 0 ? (
        <Body1 role="status">{t('connectors.calendar-empty', 'No calendar connector yet.')}</Body1>
      ) : (
        <ul className={styles.rows} aria-label={t('connectors.calendar', 'Calendar connectors')}>
          {calendars.data.data.map((connector) => (
            <li key={connector.id} className={styles.row}>
              <AppLink to={href('r_connectors-calendar-list', { calendarId: connector.id })}>
                {connector.name}
              </AppLink>
              <span className={styles.actions}>
                <Body1 className={styles.detail}>
                  {PROVIDER_NAMES[connector.provider]} ·{' '}
                  {t('connectors.rooms-count', '{count} rooms').replace(
                    '{count}',
                    String(connector.mappings.length),
                  )}
                </Body1>
                <Badge appearance="tint" color={connector.is_active ? 'success' : 'informative'}>
                  {connector.is_active
                    ? t('connectors.active', 'Active')
                    : t('connectors.inactive', 'Inactive')}
                </Badge>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
