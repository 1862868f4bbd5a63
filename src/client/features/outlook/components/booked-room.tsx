import { Badge, Body1, Button, Caption1, Spinner, Subtitle2 } from '@fluentui/react-components';
import { useNavigate } from 'react-router-dom';
import { useLabel } from '../../../i18n/i18n';
import { useWhen } from '../../../i18n/use-when';
import { href } from '../../../routing/paths';
import { removeRoom } from '../pane-booking';
import { usePane } from '../pane-state';
import { useOutlookStyles } from './outlook.styles';

/** The room the server holds for this meeting (the source of truth, whatever the item says). */
export function BookedRoom() {
  const styles = useOutlookStyles();
  const t = useLabel();
  const when = useWhen();
  const navigate = useNavigate();
  const { booking, busy, seriesUntil } = usePane();
  if (!booking?.resource) return null;
  const first = booking.bookings[0];
  const others = new Set(booking.bookings.map((entry) => entry.resource_name));
  return (
    <section className={styles.card} aria-labelledby="booked-room" data-testid="booked-room">
      <Caption1 data-testid="booked-room-state">
        {booking.awaiting_approval
          ? t('outlook.requested-room', 'Requested – waiting for approval')
          : t('outlook.booked-room', 'Booked room')}{' '}
        {booking.pending && (
          <Badge appearance="tint" color="warning" data-testid="booking-pending">
            {t('outlook.pending', 'Pending')}
          </Badge>
        )}
      </Caption1>
      <Subtitle2 as="h2" id="booked-room">
        {booking.resource.name}
      </Subtitle2>
      <Body1 className={styles.muted}>{booking.resource.level.path}</Body1>
      {first && (
        <Body1 data-testid="booked-time">
          {booking.bookings.length > 1
            ? t(
                'outlook.booked-series',
                { one: '{count} occurrence from {start}', other: '{count} occurrences from {start}' },
                {
                  count: booking.bookings.length,
                  start: when.dateTime(first.start),
                },
              )
            : when.dateTimeRange(first.start, first.end)}
        </Body1>
      )}
      {seriesUntil && booking.bookings.length > 1 && (
        <Body1 data-testid="booked-until">
          {t(
            'outlook.booked-until',
            'Booked until {date}, the furthest your company allows; book again later for the dates after.',
            { date: when.date(seriesUntil) },
          )}
        </Body1>
      )}
      {booking.pending && booking.release_at && (
        <Body1 className={styles.muted}>
          {t(
            'outlook.pending-until',
            'Held for this meeting until it is sent. Not sent by {time}, the room is released.',
            { time: when.dateTime(booking.release_at) },
          )}
        </Body1>
      )}
      {others.size > 1 && (
        <Body1>{t('outlook.booked-rooms', 'Rooms: {names}', { names: [...others].join(', ') })}</Body1>
      )}
      <div className={styles.actions}>
        <Button onClick={() => void removeRoom()} disabled={busy !== null}>
          {t('outlook.remove-room', 'Remove the room')}
        </Button>
        <Button onClick={() => void navigate(href('r_outlook-services'))} disabled={busy !== null}>
          {t('outlook.services.order', 'Order catering')}
        </Button>
        {busy === 'moving' && <Spinner size="tiny" label={t('outlook.moving', 'Moving the booking…')} />}
        {busy === 'removing' && (
          <Spinner size="tiny" label={t('outlook.removing', 'Cancelling the booking…')} />
        )}
      </div>
    </section>
  );
}
