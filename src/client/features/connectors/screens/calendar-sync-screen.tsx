import { Body1, Button, MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import type { LinkableProvider } from '../../../../shared/contract/connectors';
import { can } from '../../../../shared/permissions/can';
import { useLabel } from '../../../i18n/i18n';
import { useInitialData } from '../../../session/hooks';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useSubmit } from '../../../ui/use-submit';
import { calendarAuthUrl, unlinkOwn, useOwnLink } from '../api';
import { useConnectorStyles } from '../components/connectors.styles';

const NAMES: Record<LinkableProvider, string> = { outlook: 'Outlook', google: 'Google Calendar' };

/**
 * spec §2 /profile sync-with-outlook and sync-with-google: the user links their own calendar. The
 * provider's consent page is a full navigation (its own origin); it sends the browser back through
 * the server, which brings it here with ?result=linked or ?result=refused&message=….
 */
export default function CalendarSyncScreen() {
  const styles = useConnectorStyles();
  const t = useLabel();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const provider: LinkableProvider = pathname.endsWith('google') ? 'google' : 'outlook';
  const session = useInitialData();
  const link = useOwnLink(provider);
  const { pending, failure, run } = useSubmit();
  const [leaving, setLeaving] = useState(false);
  const mayChange = can(session?.general_permissions ?? [], ['USER_PROFILE', 'update']);
  const name = NAMES[provider];

  if (link.error) return <ErrorText message={link.error.message} />;
  if (!link.data) return <Loader label={t('general.loading', 'Loading…')} />;
  const state = link.data;
  const result = search.get('result');

  const connect = () =>
    void run(async () => {
      const { url } = await calendarAuthUrl(provider);
      setLeaving(true);
      window.location.assign(url);
    });
  const disconnect = () =>
    void run(async () => {
      await link.mutate(await unlinkOwn(provider), { revalidate: false });
    });

  return (
    <div className={styles.page}>
      {result === 'linked' && state.status === 'linked' && (
        <MessageBar intent="success" role="status">
          <MessageBarBody>{t('profile.sync-linked', 'Your calendar is linked.')}</MessageBarBody>
        </MessageBar>
      )}
      {result === 'refused' && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>
            {search.get('message') ?? t('profile.sync-refused', 'The calendar was not linked.')}
          </MessageBarBody>
        </MessageBar>
      )}
      <Body1 role="status">
        {state.status === 'linked'
          ? t('profile.sync-status-linked', 'Linked to {name} as {account}.')
              .replace('{name}', name)
              .replace('{account}', state.account_email ?? '–')
          : !state.available
            ? t(
                'profile.sync-unavailable',
                '{name} is not connected for your company. Ask your administrator.',
              ).replace('{name}', name)
            : t('profile.sync-status-none', 'Your {name} calendar is not linked.').replace('{name}', name)}
      </Body1>
      <ErrorText message={failure} />
      {mayChange && (
        <div className={styles.actions}>
          {state.available && (
            <Button
              appearance="primary"
              disabled={pending || leaving}
              icon={leaving ? <Spinner size="tiny" aria-hidden /> : undefined}
              onClick={connect}
            >
              {state.status === 'linked'
                ? t('profile.sync-relink', 'Link again')
                : t('profile.sync-link', 'Link my {name} calendar').replace('{name}', name)}
            </Button>
          )}
          {state.status !== 'none' && (
            <Button disabled={pending} onClick={disconnect}>
              {t('profile.sync-unlink', 'Unlink')}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
