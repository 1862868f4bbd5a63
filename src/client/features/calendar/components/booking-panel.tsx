import {
  Button,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  Menu,
  MenuButton,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  OverlayDrawer,
} from '@fluentui/react-components';
import { Dismiss24Regular } from '@fluentui/react-icons';
import dayjs from 'dayjs';
import { useState } from 'react';
import { EXTENDING_TYPES, type ExtendingType } from '../../../../shared/booking/declaration-rules';
import type { Declaration } from '../../../../shared/contract/declarations';
import { useLabel, type LabelFn } from '../../../i18n/i18n';
import { ErrorText } from '../../../ui/error-text';
import { useSubmit } from '../../../ui/use-submit';
import { bookingActions } from '../api';
import { allowedActions, levelClockDate } from '../calendar-events';
import { useCalendarStyles } from '../calendar.styles';

export type DoneAction = 'check-in' | 'check-out' | 'extend' | 'cancel';

const STATUS_LABELS: Record<Declaration['status'], [string, string]> = {
  booked: ['calendar.status.booked', 'Booked'],
  checked_in: ['calendar.status.checked-in', 'Checked in'],
  checked_out: ['calendar.status.checked-out', 'Checked out'],
  released: ['calendar.status.released', 'Released'],
  cancelled: ['calendar.status.cancelled', 'Cancelled'],
};
const APPROVAL_LABELS: Record<Declaration['approval_status'], [string, string]> = {
  pending: ['calendar.approval.pending', 'Waiting for approval'],
  approved: ['calendar.approval.approved', 'Approved'],
  rejected: ['calendar.approval.rejected', 'Rejected'],
};
const EXTEND_LABELS: Record<ExtendingType, [string, string]> = {
  '15-minutes': ['calendar.extend.15-minutes', 'By 15 minutes'],
  '30-minutes': ['calendar.extend.30-minutes', 'By 30 minutes'],
  hours: ['calendar.extend.hours', 'By an hour'],
  'until-end-of-day': ['calendar.extend.until-end-of-day', 'Until the end of the day'],
};

export const statusLabel = (t: LabelFn, status: Declaration['status']) => t(...STATUS_LABELS[status]);

function money({ cents, currency }: { cents: number; currency: string }): string {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

/**
 * One booking beside the calendar: where, when (in its level's zone), its state, and what may be
 * done with it now (spec §4: check in, check out, extend, cancel). `onDone` hears what was done.
 */
export function BookingPanel({
  booking,
  dateFormat,
  timeFormat,
  onClose,
  onDone,
}: {
  booking: Declaration | null;
  dateFormat: string;
  timeFormat: string;
  onClose: () => void;
  onDone: (action: DoneAction) => void;
}) {
  const styles = useCalendarStyles();
  const t = useLabel();
  // Mounted only while a booking is open: a closed Fluent drawer still registers its focus trap,
  // whose hidden focus guards axe (rightly) reports on the page.
  if (!booking) return null;
  return (
    <OverlayDrawer position="end" open onOpenChange={(_event, data) => !data.open && onClose()}>
      <DrawerHeader>
        <DrawerHeaderTitle
          action={
            <Button
              appearance="subtle"
              aria-label={t('general.actions.close', 'Close')}
              icon={<Dismiss24Regular />}
              onClick={onClose}
            />
          }
        >
          {booking.resource.name}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody className={styles.panel}>
        <BookingDetails booking={booking} dateFormat={dateFormat} timeFormat={timeFormat} />
        {/* keyed: another booking starts without the previous one's message or confirmation */}
        <BookingActions key={booking.id} booking={booking} onDone={onDone} />
      </DrawerBody>
    </OverlayDrawer>
  );
}

function BookingDetails({
  booking,
  dateFormat,
  timeFormat,
}: {
  booking: Declaration;
  dateFormat: string;
  timeFormat: string;
}) {
  const styles = useCalendarStyles();
  const t = useLabel();
  const start = dayjs(levelClockDate(booking.starts_at, booking.timezone));
  const end = dayjs(levelClockDate(booking.ends_at, booking.timezone));
  const sameDay = start.isSame(end, 'day');
  const place = booking.all_parents?.map((level) => level.name).join(' › ') || booking.resource.path;
  return (
    <dl className={styles.details}>
      <dt>{t('calendar.place', 'Place')}</dt>
      <dd>{place}</dd>
      <dt>{t('calendar.date', 'Date')}</dt>
      <dd>
        {start.format(dateFormat)}
        {!sameDay && ` – ${end.format(dateFormat)}`}
      </dd>
      <dt>{t('calendar.time', 'Time')}</dt>
      <dd>
        {start.format(timeFormat)} – {end.format(timeFormat)} (
        {t('calendar.zone', '{zone} time', { zone: booking.timezone })})
      </dd>
      <dt>{t('calendar.status', 'Status')}</dt>
      <dd>{statusLabel(t, booking.status)}</dd>
      {booking.approval_status !== 'approved' && (
        <>
          <dt>{t('calendar.approval', 'Approval')}</dt>
          <dd>{t(...APPROVAL_LABELS[booking.approval_status])}</dd>
        </>
      )}
      {booking.subject && (
        <>
          <dt>{t('calendar.subject', 'Subject')}</dt>
          <dd>{booking.subject}</dd>
        </>
      )}
      {booking.cost && (
        <>
          <dt>{t('calendar.cost', 'Cost')}</dt>
          <dd>{money(booking.cost)}</dd>
        </>
      )}
    </dl>
  );
}

function BookingActions({ booking, onDone }: { booking: Declaration; onDone: (action: DoneAction) => void }) {
  const styles = useCalendarStyles();
  const t = useLabel();
  const { pending, failure, run } = useSubmit();
  const [confirming, setConfirming] = useState(false);
  const allowed = allowedActions(booking, new Date());
  const act = async (action: DoneAction, call: () => Promise<unknown>) => {
    if (await run(call)) onDone(action);
  };

  if (allowed.length === 0)
    return <p>{t('calendar.no-actions', 'Nothing can be changed on this booking any more.')}</p>;
  return (
    <>
      <div className={styles.actions}>
        {allowed.includes('check-in') && (
          <Button
            appearance="primary"
            disabled={pending}
            onClick={() => act('check-in', () => bookingActions.checkIn(booking.id))}
          >
            {t('calendar.check-in', 'Check in')}
          </Button>
        )}
        {allowed.includes('check-out') && (
          <Button
            disabled={pending}
            onClick={() => act('check-out', () => bookingActions.checkOut(booking.id))}
          >
            {t('calendar.check-out', 'Check out')}
          </Button>
        )}
        {allowed.includes('extend') && (
          <Menu>
            <MenuTrigger disableButtonEnhancement>
              <MenuButton disabled={pending}>{t('calendar.extend', 'Extend')}</MenuButton>
            </MenuTrigger>
            <MenuPopover>
              <MenuList>
                {EXTENDING_TYPES.map((type) => (
                  <MenuItem
                    key={type}
                    onClick={() => act('extend', () => bookingActions.extend(booking.id, type))}
                  >
                    {t(...EXTEND_LABELS[type])}
                  </MenuItem>
                ))}
              </MenuList>
            </MenuPopover>
          </Menu>
        )}
        {allowed.includes('cancel') && !confirming && (
          <Button disabled={pending} onClick={() => setConfirming(true)}>
            {t('calendar.cancel', 'Cancel booking')}
          </Button>
        )}
      </div>
      {confirming && (
        <MessageBar intent="warning">
          <MessageBarBody>{t('calendar.cancel-confirm', 'Cancel this booking?')}</MessageBarBody>
          <MessageBarActions>
            <Button
              appearance="primary"
              disabled={pending}
              onClick={() => act('cancel', () => bookingActions.cancel(booking.id))}
            >
              {t('calendar.cancel-yes', 'Yes, cancel it')}
            </Button>
            <Button disabled={pending} onClick={() => setConfirming(false)}>
              {t('calendar.cancel-keep', 'Keep it')}
            </Button>
          </MessageBarActions>
        </MessageBar>
      )}
      <ErrorText message={failure} />
    </>
  );
}
