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
  InlineDrawer,
  useId,
} from '@fluentui/react-components';
import { Dismiss24Regular } from '@fluentui/react-icons';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
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
 * An inline panel rather than a modal one: the calendar stays usable beside it, and nothing is left
 * hidden from assistive technology when a cancelled booking takes its panel away.
 */
export function BookingPanel(props: {
  booking: Declaration | null;
  dateFormat: string;
  timeFormat: string;
  onClose: () => void;
  onDone: (action: DoneAction) => void;
}) {
  const { booking, ...rest } = props;
  return booking ? <OpenPanel key={booking.id} booking={booking} {...rest} /> : null;
}

function OpenPanel({
  booking,
  dateFormat,
  timeFormat,
  onClose,
  onDone,
}: {
  booking: Declaration;
  dateFormat: string;
  timeFormat: string;
  onClose: () => void;
  onDone: (action: DoneAction) => void;
}) {
  const styles = useCalendarStyles();
  const t = useLabel();
  const titleId = useId('booking-title');
  const region = useRef<HTMLElement>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  }, [onClose]);
  // Focus moves into the panel when it opens and back to what opened it when it closes; Escape
  // inside the panel closes it.
  useEffect(() => {
    const panel = region.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) close.current();
    };
    panel?.addEventListener('keydown', onKey);
    panel?.focus();
    return () => {
      panel?.removeEventListener('keydown', onKey);
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  return (
    <InlineDrawer open position="end" separator className={styles.drawer}>
      <section ref={region} tabIndex={-1} aria-labelledby={titleId} className={styles.drawerRegion}>
        <DrawerHeader>
          <DrawerHeaderTitle
            heading={{ id: titleId }}
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
          <BookingActions booking={booking} onDone={onDone} />
        </DrawerBody>
      </section>
    </InlineDrawer>
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
