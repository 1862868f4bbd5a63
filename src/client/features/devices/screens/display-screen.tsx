import {
  Body1,
  Button,
  Caption1,
  makeStyles,
  MessageBar,
  MessageBarBody,
  mergeClasses,
  Spinner,
  Subtitle1,
  Title1,
  tokens,
} from '@fluentui/react-components';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { DisplayBooking, DisplayPage } from '../../../../shared/contract/devices';
import {
  DISPLAY_REFRESH_SECONDS,
  DISPLAY_RETRY_SECONDS,
  HEARTBEAT_SECONDS,
} from '../../../../shared/devices/devices';
import { ApiError } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { useWhen } from '../../../i18n/use-when';
import { useAccentClass, useDeviceLanguage } from '../../../ui/device-look';
import { Loader } from '../../../ui/loader';
import { displayBook, displayCheck, displayHeartbeat, displayPage } from '../api';

const useStyles = makeStyles({
  page: {
    minHeight: '100vh',
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingVerticalL,
  },
  band: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'baseline',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalL,
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalXL}`,
    borderRadius: tokens.borderRadiusXLarge,
    borderLeftWidth: tokens.strokeWidthThickest,
    borderLeftStyle: 'solid',
    color: tokens.colorNeutralForeground1,
  },
  main: {
    display: 'grid',
    gap: tokens.spacingHorizontalXL,
    gridTemplateColumns: 'repeat(auto-fit, minmax(280px, 1fr))',
    alignItems: 'start',
  },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingVerticalL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
  big: { minHeight: '56px', minWidth: '120px', fontSize: tokens.fontSizeBase500 },
  list: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  item: { display: 'flex', flexDirection: 'column' },
});

type Outcome = { kind: 'success' | 'error'; text: string } | null;

const currentOf = (bookings: DisplayBooking[], now: number) =>
  bookings.find((booking) => Date.parse(booking.starts_at) <= now && now < Date.parse(booking.ends_at)) ??
  null;

/**
 * spec §2 public /display/{code}: a room's tablet (1280×800, touch and keyboard). It shows the room's
 * booking under way and the next ones of today, books the room now, checks in and out, reports a
 * heartbeat, and reads the room again every few seconds: after a server restart it finds it again by
 * itself (docs/devices-and-displays.md).
 */
export default function DisplayScreen() {
  const styles = useStyles();
  const t = useLabel();
  const { code = '' } = useParams();
  const [page, setPage] = useState<DisplayPage | null>(null);
  // A tablet's own clock may be wrong: the display goes by the server's, as of its last answer.
  const [now, setNow] = useState(0);
  const [missing, setMissing] = useState(false);
  const [offline, setOffline] = useState(false);
  const [pending, setPending] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const offlineRef = useRef(false);
  const lastAnswer = useRef<string | null>(null);
  const when = useWhen(page?.timezone);
  const accent = useAccentClass(page?.accent);
  useDeviceLanguage(page?.locale);

  const load = useCallback(async () => {
    try {
      const read = await displayPage(code);
      // The service worker answers a GET it cannot send with the last answer it kept
      // (docs/home-and-app.md): the same answer again, to the millisecond, is that copy, not the room now.
      if (read.now === lastAnswer.current) throw new ApiError('Network Error', null, null);
      lastAnswer.current = read.now;
      setNow(Date.parse(read.now));
      setPage(read);
      if (offlineRef.current) void displayHeartbeat(code).catch(() => undefined);
      offlineRef.current = false;
      setOffline(false);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) setMissing(true);
      else {
        offlineRef.current = true;
        setOffline(true);
      }
    }
  }, [code]);

  // Reads the room every few seconds, more often while the server does not answer.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    let stopped = false;
    const tick = async () => {
      await load();
      if (stopped) return;
      const seconds = offlineRef.current ? DISPLAY_RETRY_SECONDS : DISPLAY_REFRESH_SECONDS;
      timer = setTimeout(() => void tick(), seconds * 1000);
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [load]);

  useEffect(() => {
    const beat = () => void displayHeartbeat(code).catch(() => undefined);
    beat();
    const timer = setInterval(beat, HEARTBEAT_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [code]);

  if (missing)
    return <Body1 role="alert">{t('devices.display.missing', 'This display is not available.')}</Body1>;
  if (!page) return <Loader label={t('general.loading', 'Loading…')} />;

  const current = currentOf(page.bookings, now);
  const next = page.bookings.filter((booking) => booking !== current);
  const freeUntil = next[0]?.starts_at;

  const act = async (key: string, action: () => Promise<string>) => {
    setPending(key);
    setOutcome(null);
    try {
      setOutcome({ kind: 'success', text: await action() });
      await load();
    } catch (error) {
      setOutcome({
        kind: 'error',
        text:
          error instanceof ApiError && error.body?.message
            ? (Object.values(error.body.errors ?? {})[0]?.[0] ?? error.body.message)
            : t('devices.display.failed', 'That did not work. Please try again.'),
      });
    } finally {
      setPending(null);
    }
  };
  const book = (minutes: number) =>
    act(`book-${minutes}`, async () => {
      const booked = await displayBook(code, minutes);
      const booking = booked.data[0];
      return t('devices.display.booked', 'Booked until {time}.', {
        time: booking ? when.time(booking.ends_at) : '',
      });
    });
  const check = (booking: DisplayBooking, action: 'check-in' | 'check-out') =>
    act(`${action}-${booking.id}`, async () => {
      await displayCheck(code, action, booking.id);
      return action === 'check-in'
        ? t('devices.display.checked-in', 'Checked in.')
        : t('devices.display.checked-out', 'Checked out. The room is free again.');
    });
  const busy = (key: string) => pending === key;
  const spinner = (key: string) => (busy(key) ? <Spinner size="tiny" aria-hidden /> : undefined);
  const who = (booking: DisplayBooking) =>
    booking.subject || booking.host_name
      ? [booking.subject, booking.host_name].filter(Boolean).join(' · ')
      : t('devices.display.private', 'Private booking');

  return (
    <main className={styles.page} aria-busy={pending !== null || undefined}>
      <header className={mergeClasses(styles.band, accent)}>
        <Title1 as="h1">{page.room}</Title1>
        <Subtitle1 as="p" role="status">
          {current
            ? t('devices.display.busy-until', 'Busy until {time}', { time: when.time(current.ends_at) })
            : freeUntil
              ? t('devices.display.free-until', 'Free until {time}', { time: when.time(freeUntil) })
              : t('devices.display.free-today', 'Free for the rest of the day')}
        </Subtitle1>
      </header>
      {offline && (
        <MessageBar intent="warning">
          <MessageBarBody>
            {t('devices.display.reconnecting', 'The connection is lost. Reconnecting…')}
          </MessageBarBody>
        </MessageBar>
      )}
      <div aria-live="polite">
        {outcome && (
          <MessageBar intent={outcome.kind === 'success' ? 'success' : 'error'}>
            <MessageBarBody>{outcome.text}</MessageBarBody>
          </MessageBar>
        )}
      </div>
      <div className={styles.main}>
        <section className={styles.card} aria-labelledby="display-now">
          <Subtitle1 as="h2" id="display-now">
            {t('devices.display.now', 'Now')}
          </Subtitle1>
          {current ? (
            <>
              <Body1>{who(current)}</Body1>
              <Caption1>{when.timeRange(current.starts_at, current.ends_at)}</Caption1>
              <div className={styles.actions}>
                {current.can_check_in && (
                  <Button
                    className={styles.big}
                    appearance="primary"
                    disabled={pending !== null}
                    icon={spinner(`check-in-${current.id}`)}
                    onClick={() => void check(current, 'check-in')}
                  >
                    {t('devices.display.check-in', 'Check in')}
                  </Button>
                )}
                {current.can_check_out && (
                  <Button
                    className={styles.big}
                    disabled={pending !== null}
                    icon={spinner(`check-out-${current.id}`)}
                    onClick={() => void check(current, 'check-out')}
                  >
                    {t('devices.display.check-out', 'Check out')}
                  </Button>
                )}
              </div>
            </>
          ) : (
            <>
              <Body1>{t('devices.display.available', 'The room is available.')}</Body1>
              {page.may_book && (
                <div
                  className={styles.actions}
                  role="group"
                  aria-label={t('devices.display.book-now', 'Book now')}
                >
                  {page.durations.map((minutes) => (
                    <Button
                      key={minutes}
                      className={styles.big}
                      appearance="primary"
                      disabled={pending !== null}
                      icon={spinner(`book-${minutes}`)}
                      onClick={() => void book(minutes)}
                    >
                      {t('devices.display.minutes', '{minutes} min', { minutes })}
                    </Button>
                  ))}
                </div>
              )}
            </>
          )}
        </section>
        <section className={styles.card} aria-labelledby="display-next">
          <Subtitle1 as="h2" id="display-next">
            {t('devices.display.later', 'Later today')}
          </Subtitle1>
          {next.length === 0 ? (
            <Body1>{t('devices.display.nothing-later', 'No more bookings today.')}</Body1>
          ) : (
            <ul className={styles.list}>
              {next.map((booking) => (
                <li key={booking.id} className={styles.item}>
                  <Body1>{when.timeRange(booking.starts_at, booking.ends_at)}</Body1>
                  <Caption1>{who(booking)}</Caption1>
                  {booking.can_check_in && (
                    <Button
                      disabled={pending !== null}
                      icon={spinner(`check-in-${booking.id}`)}
                      onClick={() => void check(booking, 'check-in')}
                    >
                      {t('devices.display.check-in', 'Check in')}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <footer className={styles.actions}>
        <Caption1>{page.name}</Caption1>
        <Button
          appearance="subtle"
          size="small"
          onClick={() => void document.documentElement.requestFullscreen?.().catch(() => undefined)}
        >
          {t('devices.display.full-screen', 'Full screen')}
        </Button>
      </footer>
    </main>
  );
}
