import { Body1, Button, Caption1, Card, CardHeader, Subtitle2 } from '@fluentui/react-components';
import { useState } from 'react';
import type { Declaration } from '../../../../shared/contract/declarations';
import { errorMessage } from '../../../api/errors';
import { useLabel, type LabelFn } from '../../../i18n/i18n';
import type { When } from '../../../i18n/format-when';
import { href } from '../../../routing/paths';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { bookingActions } from '../../calendar/api';
import { allowedActions } from '../../calendar/calendar-events';
import { bookingDay, bookingTime } from '../../passes/booking-time';
import { useHomeStyles } from './home.styles';

const dayName = (t: LabelFn, booking: Declaration, when: When, now: Date) => {
  const day = bookingDay(booking, when, now);
  if (day.kind === 'today') return t('general.home.today', 'Today');
  if (day.kind === 'tomorrow') return t('general.home.tomorrow', 'Tomorrow');
  return day.text;
};

/** Today and the next days: my bookings, each with check-in when it is due. */
export function UpcomingCard({
  bookings,
  when,
  onChanged,
}: {
  bookings: readonly Declaration[] | undefined;
  when: When;
  onChanged: () => void;
}) {
  const styles = useHomeStyles();
  const t = useLabel();
  const [failure, setFailure] = useState<string | null>(null);
  const now = new Date();
  const held = (bookings ?? []).filter(
    (booking) =>
      (booking.status === 'booked' || booking.status === 'checked_in') &&
      Date.parse(booking.ends_at) > now.getTime(),
  );
  const checkIn = async (id: number) => {
    setFailure(null);
    try {
      await bookingActions.checkIn(id);
      onChanged();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };
  return (
    <Card aria-labelledby="home-upcoming">
      <CardHeader
        header={
          <Subtitle2 as="h3" id="home-upcoming">
            {t('general.home.upcoming', 'Today and the next days')}
          </Subtitle2>
        }
      />
      {bookings === undefined ? (
        <Caption1 className={styles.muted}>{t('general.loading', 'Loading…')}</Caption1>
      ) : held.length === 0 ? (
        <Body1>
          {t('general.home.no-bookings', 'No bookings in the next days.')}{' '}
          <AppLink inline to={href('r_plan')}>
            {t('general.home.book-on-plan', 'Book a desk on the plan')}
          </AppLink>
        </Body1>
      ) : (
        <ul className={styles.list}>
          {held.map((booking, index) => {
            const day = dayName(t, booking, when, now);
            const heading = index === 0 || dayName(t, held[index - 1]!, when, now) !== day ? day : null;
            return (
              <li key={booking.id}>
                {heading && (
                  <Caption1 className={styles.day} as="p">
                    {heading}
                  </Caption1>
                )}
                <div className={styles.row}>
                  <span className={styles.rowText}>
                    <Body1>{booking.resource.name}</Body1>
                    <Caption1 className={styles.muted}>{bookingTime(booking, when)}</Caption1>
                  </span>
                  {booking.status === 'checked_in' ? (
                    <Caption1>{t('calendar.status.checked-in', 'Checked in')}</Caption1>
                  ) : (
                    allowedActions(booking, now).includes('check-in') && (
                      <Button
                        appearance="primary"
                        aria-label={t('general.home.check-in-at', 'Check in at {name}', {
                          name: booking.resource.name,
                        })}
                        onClick={() => void checkIn(booking.id)}
                      >
                        {t('calendar.check-in', 'Check in')}
                      </Button>
                    )
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {failure && <ErrorText message={failure} />}
    </Card>
  );
}
