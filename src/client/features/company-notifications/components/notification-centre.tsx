import {
  Body1,
  Button,
  Caption1,
  CounterBadge,
  makeStyles,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Subtitle2,
  tokens,
} from '@fluentui/react-components';
import { Alert24Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import type { UserNotification } from '../../../../shared/contract/company-notifications';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { useWhen } from '../../../i18n/use-when';
import { useRefetchOnEvent } from '../../../realtime/hooks';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useSubmit } from '../../../ui/use-submit';
import {
  deleteMyNotification,
  markNotificationRead,
  refreshMyNotifications,
  useMyNotifications,
  useUnreadCount,
} from '../api';

const useStyles = makeStyles({
  trigger: { position: 'relative' },
  badge: { position: 'absolute', insetBlockStart: '2px', insetInlineEnd: '2px', pointerEvents: 'none' },
  surface: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    width: 'min(360px, calc(100vw - 24px))',
    maxHeight: 'min(480px, calc(100vh - 72px))',
    overflowY: 'auto',
    boxSizing: 'border-box',
  },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  item: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    paddingBlock: tokens.spacingVerticalS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    overflowWrap: 'anywhere',
  },
  unread: { fontWeight: tokens.fontWeightSemibold },
  detail: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

/**
 * The header's notification centre (docs/notifications.md): a bell whose accessible name carries the
 * unread count, opening the user's notifications in a popover. The count and the open list read
 * themselves again when the realtime hub says the user's notifications changed.
 */
export default function NotificationCentre({ buttonClassName }: { buttonClassName: string }) {
  const styles = useStyles();
  const t = useLabel();
  const [open, setOpen] = useState(false);
  const count = useUnreadCount();
  useRefetchOnEvent('user_notifications_changed', () => void refreshMyNotifications());
  const unread = count.data?.unread ?? 0;
  const name =
    unread === 0
      ? t('notifications.centre', 'Notifications')
      : t(
          'notifications.centre-unread',
          { one: 'Notifications, {count} unread', other: 'Notifications, {count} unread' },
          {
            count: unread,
          },
        );

  return (
    <Popover
      open={open}
      onOpenChange={(_event, data) => setOpen(data.open)}
      trapFocus
      positioning="below-end"
    >
      <PopoverTrigger disableButtonEnhancement>
        <Button
          appearance="transparent"
          className={`${buttonClassName} ${styles.trigger}`}
          icon={<Alert24Regular />}
          aria-label={name}
          title={name}
        >
          {unread > 0 && (
            <CounterBadge className={styles.badge} count={unread} size="small" color="danger" aria-hidden />
          )}
        </Button>
      </PopoverTrigger>
      <PopoverSurface className={styles.surface} aria-labelledby="notification-centre-title">
        <Subtitle2 as="h2" id="notification-centre-title">
          {t('notifications.centre', 'Notifications')}
        </Subtitle2>
        {open && <NotificationList />}
      </PopoverSurface>
    </Popover>
  );
}

function NotificationList() {
  const styles = useStyles();
  const t = useLabel();
  const mine = useMyNotifications(true);
  if (mine.error) return <ErrorText message={errorMessage(mine.error)} />;
  if (!mine.data) return <Loader label={t('general.loading', 'Loading…')} />;
  if (mine.data.data.length === 0)
    return <Body1 role="status">{t('notifications.centre-empty', 'You have no notifications.')}</Body1>;
  return (
    <ul className={styles.list} aria-label={t('notifications.centre', 'Notifications')}>
      {mine.data.data.map((notification) => (
        <NotificationItem key={notification.id} notification={notification} />
      ))}
    </ul>
  );
}

function NotificationItem({ notification }: { notification: UserNotification }) {
  const styles = useStyles();
  const t = useLabel();
  const when = useWhen();
  const { pending, failure, run } = useSubmit();
  const unread = notification.read_at === null;
  const validity = notification.day
    ? t('notifications.valid-on', 'On {day}', { day: when.date(notification.day, 'UTC') })
    : notification.datetime_from && notification.datetime_to
      ? when.dateTimeRange(notification.datetime_from, notification.datetime_to)
      : notification.datetime_to
        ? t('notifications.valid-until', 'Until {to}', { to: when.dateTime(notification.datetime_to) })
        : notification.datetime_from
          ? t('notifications.valid-from', 'From {from}', { from: when.dateTime(notification.datetime_from) })
          : null;
  return (
    <li className={styles.item} aria-busy={pending || undefined}>
      <Body1 className={unread ? styles.unread : undefined}>
        {unread && <span className={styles.detail}>{t('notifications.new', 'New')}: </span>}
        {notification.name}
      </Body1>
      {notification.description && <Body1>{notification.description}</Body1>}
      {validity && <Caption1>{validity}</Caption1>}
      <Caption1 className={styles.detail}>{when.dateTime(notification.delivered_at)}</Caption1>
      <ErrorText message={failure} />
      <div className={styles.actions}>
        {unread && (
          <Button
            size="small"
            disabled={pending}
            aria-label={t('notifications.mark-read-named', 'Mark {name} as read', {
              name: notification.name,
            })}
            onClick={() => void run(() => markNotificationRead(notification.id))}
          >
            {t('notifications.mark-read', 'Mark as read')}
          </Button>
        )}
        <Button
          size="small"
          disabled={pending}
          aria-label={t('notifications.delete-mine-named', 'Delete {name}', { name: notification.name })}
          onClick={() => void run(() => deleteMyNotification(notification.id))}
        >
          {t('notifications.delete', 'Delete')}
        </Button>
      </div>
    </li>
  );
}
