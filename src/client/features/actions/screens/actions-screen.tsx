import {
  Badge,
  Body1,
  Button,
  Caption1,
  Card,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Select,
  Spinner,
  Title3,
  tokens,
} from '@fluentui/react-components';
import {
  ArrowExit20Regular,
  Checkmark20Regular,
  Delete20Regular,
  Timer20Regular,
} from '@fluentui/react-icons';
import { useState, type JSX, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { EXTENDING_TYPES, type ExtendingType } from '../../../../shared/booking/declaration-rules';
import type { Declaration } from '../../../../shared/contract/declarations';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { useWhen } from '../../../i18n/use-when';
import { href, routeExists } from '../../../routing/paths';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useSubmit } from '../../../ui/use-submit';
import { usePass } from '../../passes/api';
import { bookingTime } from '../../passes/booking-time';
import { STATUS_BADGE, statusText } from '../../passes/pass-status';
import { runBookingAction, useBooking, type BookingAction } from '../api';
import { bookingStatusText, extendingTypeText } from '../booking-labels';

const useStyles = makeStyles({
  card: { maxWidth: '560px', gap: tokens.spacingVerticalM },
  details: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  actions: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  extend: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalS },
  pass: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

/**
 * spec §4 check-out then goes to r_plan. Until the plan screens exist the user's calendar (or home)
 * takes its place.
 */
function afterCheckOut(): string {
  for (const name of ['r_plan', 'r_calendar']) if (routeExists(name)) return href(name);
  return href('r_home');
}

/**
 * spec §2 /actions/{declaration_id} (login): reached from a link (an e-mail, a pass's QR code), the
 * booking and exactly the actions its rules allow now (the server's can_* flags, computed with
 * shared/booking/declaration-rules.ts).
 */
export default function ActionsScreen() {
  const t = useLabel();
  const { declaration_id } = useParams();
  const id = Number(declaration_id);
  if (!Number.isInteger(id) || id <= 0)
    return <ErrorText message={t('actions.not-found', 'This booking was not found.')} />;
  return <BookingActions id={id} />;
}

function BookingActions({ id }: { id: number }) {
  const styles = useStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const when = useWhen();
  const booking = useBooking(id);
  const { pending, failure, setFailure, run } = useSubmit();
  const [running, setRunning] = useState<BookingAction | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [extendBy, setExtendBy] = useState<ExtendingType>('30-minutes');
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [cancelAsked, setCancelAsked] = useState(false);

  if (booking.error)
    return (
      <ErrorText
        message={
          booking.error.status === 404
            ? t('actions.not-found', 'This booking was not found.')
            : errorMessage(booking.error)
        }
      />
    );
  if (!booking.data) return <Loader label={t('general.loading', 'Loading…')} />;
  const current = booking.data;

  const act = (action: BookingAction, confirmation: (answer: Declaration) => string) => {
    setDone(null);
    setRunning(action);
    return run(
      async () => {
        const answer = await runBookingAction(id, action, action === 'extend' ? extendBy : undefined);
        if (action === 'check-out') {
          navigate(afterCheckOut());
          return;
        }
        // spec §4 extend: the page reloads, so the booking is read again, as are the other actions
        await booking.mutate(answer, { revalidate: true });
        setDone(confirmation(answer));
      },
      undefined,
      { failure: 'all' },
    )
      .then(async (succeeded) => {
        // refused: the booking changed elsewhere, so the actions shown follow what it is now
        if (!succeeded) await booking.mutate();
      })
      .finally(() => setRunning(null));
  };
  const busy = (action: BookingAction) =>
    pending && running === action ? <Spinner size="tiny" aria-hidden /> : undefined;
  const none = !current.can_check_in && !current.can_check_out && !current.can_extend && !current.can_cancel;

  return (
    <Card className={styles.card}>
      <Title3 as="h2">{current.resource.name}</Title3>
      <div className={styles.details}>
        <Body1>{bookingTime(current, when)}</Body1>
        <Caption1>{current.resource.path}</Caption1>
        {current.subject && <Body1>{current.subject}</Body1>}
        <Caption1>{t('actions.host', 'Booked by {name}', { name: current.host.name })}</Caption1>
        <Body1>{t('actions.status', 'Status: {status}', { status: bookingStatusText(t, current) })}</Body1>
      </div>
      <PassStatus id={id} />

      {done && (
        <MessageBar intent="success" role="status">
          <MessageBarBody>{done}</MessageBarBody>
        </MessageBar>
      )}
      <ErrorText message={failure} />

      {none ? (
        <MessageBar intent="info">
          <MessageBarBody>{t('actions.none', 'No action is possible on this booking now.')}</MessageBarBody>
        </MessageBar>
      ) : (
        <div className={styles.actions} role="group" aria-label={t('actions.title', 'Booking actions')}>
          {current.can_check_in && (
            <ActionButton
              primary
              icon={busy('check-in') ?? <Checkmark20Regular aria-hidden />}
              disabled={pending}
              onClick={() => void act('check-in', () => t('actions.checked-in', 'You are checked in.'))}
            >
              {t('actions.check-in', 'Check in')}
            </ActionButton>
          )}
          {current.can_check_out && (
            <ActionButton
              icon={busy('check-out') ?? <ArrowExit20Regular aria-hidden />}
              disabled={pending}
              onClick={() => void act('check-out', () => '')}
            >
              {t('actions.check-out', 'Check out')}
            </ActionButton>
          )}
          {current.can_extend && (
            <div className={styles.extend}>
              <Field label={t('actions.extend-by', 'Extend')}>
                <Select
                  value={extendBy}
                  onChange={(_event, data) => setExtendBy(data.value as ExtendingType)}
                >
                  {EXTENDING_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {extendingTypeText(t, type)}
                    </option>
                  ))}
                </Select>
              </Field>
              <ActionButton
                icon={busy('extend') ?? <Timer20Regular aria-hidden />}
                disabled={pending}
                onClick={() =>
                  void act('extend', (answer) =>
                    t('actions.extended', 'Extended: {time}.', { time: bookingTime(answer, when) }),
                  )
                }
              >
                {t('actions.extend', 'Extend booking')}
              </ActionButton>
            </div>
          )}
          {current.can_cancel && (
            <ActionButton
              icon={busy('cancel') ?? <Delete20Regular aria-hidden />}
              disabled={pending}
              onClick={() => {
                setFailure(null);
                setCancelAsked(true);
                setConfirmCancel(true);
              }}
            >
              {t('actions.cancel', 'Cancel booking')}
            </ActionButton>
          )}
        </div>
      )}

      {/* Mounted once asked for: before that, tabster's focus sentinels would be on the screen. */}
      {cancelAsked && (
        <Dialog
          open={confirmCancel}
          onOpenChange={(_event, data) => setConfirmCancel(data.open)}
          modalType="alert"
        >
          <DialogSurface>
            <DialogBody>
              <DialogTitle>{t('actions.cancel-title', 'Cancel this booking?')}</DialogTitle>
              <DialogContent>
                {t(
                  'actions.cancel-text',
                  '{name} ({time}) becomes free for others, and its space pass void.',
                  {
                    name: current.resource.name,
                    time: bookingTime(current, when),
                  },
                )}
              </DialogContent>
              <DialogActions>
                <Button
                  appearance="primary"
                  onClick={() => {
                    setConfirmCancel(false);
                    void act('cancel', () => t('actions.cancelled', 'The booking is cancelled.'));
                  }}
                >
                  {t('actions.cancel', 'Cancel booking')}
                </Button>
                <Button onClick={() => setConfirmCancel(false)}>
                  {t('actions.keep', 'Keep the booking')}
                </Button>
              </DialogActions>
            </DialogBody>
          </DialogSurface>
        </Dialog>
      )}
    </Card>
  );
}

function ActionButton(props: {
  primary?: boolean;
  icon: JSX.Element;
  disabled: boolean;
  onClick(): void;
  children: ReactNode;
}) {
  return (
    <Button
      appearance={props.primary ? 'primary' : 'secondary'}
      icon={props.icon}
      disabled={props.disabled}
      aria-busy={props.disabled || undefined}
      onClick={props.onClick}
    >
      {props.children}
    </Button>
  );
}

/** The booking's space pass, where the viewer may see it: reception checks it here after a scan. */
function PassStatus({ id }: { id: number }) {
  const styles = useStyles();
  const t = useLabel();
  const pass = usePass(id, { silent: true });
  if (!pass.data) return null;
  return (
    <div className={styles.pass}>
      <Caption1>{t('actions.pass', 'Space pass:')}</Caption1>
      <Badge appearance="tint" color={STATUS_BADGE[pass.data.status]}>
        {statusText(t, pass.data.status)}
      </Badge>
      <AppLink to={href('r_pass', { pass_id: id })}>{t('actions.show-pass', 'Show the pass')}</AppLink>
    </div>
  );
}
