import { Badge, Body1, Caption1, mergeClasses } from '@fluentui/react-components';
import { can } from '../../../../shared/permissions/can';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { useWhen } from '../../../i18n/use-when';
import { href } from '../../../routing/paths';
import { useInitialData } from '../../../session/hooks';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useCompanyNotifications } from '../api';
import { useNotificationStyles } from '../notifications.styles';

/** spec §2 /company-notifications (MANAGE_NOTIFICATIONS): every notification, the next to send first. */
export default function NotificationsScreen() {
  const styles = useNotificationStyles();
  const t = useLabel();
  const when = useWhen();
  const session = useInitialData();
  const list = useCompanyNotifications();
  const mayAdd = can(session?.general_permissions ?? [], ['MANAGE_NOTIFICATIONS', 'create']);
  const audience = (sendTo: string) =>
    sendTo === 'all_users'
      ? t('notifications.all-users', 'All users')
      : sendTo === 'user_containers'
        ? t('notifications.user-containers', 'User containers')
        : t('notifications.users', 'Users');
  return (
    <div className={styles.page}>
      {mayAdd && (
        <AppLink to={href('r_company-notifications-add')}>
          {t('notifications.add', 'Add notification')}
        </AppLink>
      )}
      {list.error ? (
        <ErrorText message={errorMessage(list.error)} />
      ) : !list.data ? (
        <Loader label={t('general.loading', 'Loading…')} />
      ) : list.data.data.length === 0 ? (
        <Body1 role="status">{t('notifications.empty', 'No notifications yet.')}</Body1>
      ) : (
        <ul className={styles.rows} aria-label={t('notifications.title', 'Company notifications')}>
          {list.data.data.map((notification) => (
            <li key={notification.id} className={styles.row}>
              <div className={mergeClasses(styles.grow, styles.column)}>
                <AppLink
                  to={href('r_company-notifications-edit', { company_notification_id: notification.id })}
                >
                  {notification.name}
                </AppLink>
                <Caption1 className={styles.detail}>
                  {audience(notification.send_to)} · {when.dateTime(notification.send_at)}
                </Caption1>
              </div>
              {notification.status === 'sent' ? (
                <Badge appearance="tint" color="success">
                  {t('notifications.sent-to-count', 'Sent to {count}', {
                    count: notification.recipients ?? 0,
                  })}
                </Badge>
              ) : (
                <Badge appearance="tint" color="informative">
                  {t('notifications.scheduled', 'Scheduled')}
                </Badge>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
