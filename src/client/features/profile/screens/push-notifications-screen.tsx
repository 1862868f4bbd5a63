import { Body1, Button, MessageBar, MessageBarBody, Spinner, Switch } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { ErrorText } from '../../../ui/error-text';
import {
  currentPushState,
  sendTestPush,
  turnPushOff,
  turnPushOn,
  type PushState,
} from '../push-subscription';
import { useProfileStyles } from '../components/profile.styles';

/** spec §2 /profile push-notifications: this browser's notifications on or off, and a test. */
export default function PushNotificationsScreen() {
  const styles = useProfileStyles();
  const t = useLabel();
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    currentPushState().then(
      (current) => live && setState(current),
      () => live && setState('unsupported'),
    );
    return () => {
      live = false;
    };
  }, []);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    setSent(null);
    try {
      await action();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  if (state === null) return <Spinner size="small" label={t('general.loading', 'Loading…')} />;
  if (state === 'unsupported')
    return <Body1>{t('profile.push-unsupported', 'This browser cannot receive notifications.')}</Body1>;
  return (
    <div className={styles.page}>
      <Body1>
        {t(
          'profile.push-explain',
          'Notifications reach this browser even when Workplace is closed. Each browser is turned on by itself.',
        )}
      </Body1>
      {state === 'denied' && (
        <MessageBar intent="warning">
          <MessageBarBody>
            {t(
              'profile.push-denied',
              'Notifications are blocked for this site. Allow them in the browser’s site settings, then come back.',
            )}
          </MessageBarBody>
        </MessageBar>
      )}
      <Switch
        label={t('profile.push-this-browser', 'Notifications in this browser')}
        checked={state === 'on'}
        disabled={busy || state === 'denied'}
        onChange={(_event, data) =>
          void run(async () => setState(data.checked ? await turnPushOn() : await turnPushOff()))
        }
      />
      {busy && <Spinner size="tiny" label={t('general.loading', 'Loading…')} />}
      <ErrorText message={failure} />
      {state === 'on' && (
        <div className={styles.actions}>
          <Button
            disabled={busy}
            onClick={() =>
              void run(async () => {
                const answer = await sendTestPush();
                setSent(t('profile.push-sent', 'Sent to {count} browsers.', { count: answer.sent }));
              })
            }
          >
            {t('profile.push-test', 'Send a test notification')}
          </Button>
        </div>
      )}
      {sent && (
        <MessageBar intent="success" role="status">
          <MessageBarBody>{sent}</MessageBarBody>
        </MessageBar>
      )}
    </div>
  );
}
