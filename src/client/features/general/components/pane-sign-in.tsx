import { Button, Divider, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { DialogClosed } from '../../../office/office-sign-in';
import {
  microsoftSignInClientId,
  signInThroughDialog,
  signInWithMicrosoft,
} from '../../../session/addin-sign-in';
import { ErrorText } from '../../../ui/error-text';

const useStyles = makeStyles({
  ways: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

/**
 * The task pane's sign-in above its password form (issue 41): Microsoft 365 where Outlook brokers
 * tokens and the server has the add-in's app registration, and the sign-in dialog, where a company
 * signing in through SAML signs in (its identity provider refuses to load inside the pane).
 */
export function PaneSignIn() {
  const t = useLabel();
  const styles = useStyles();
  const navigate = useNavigate();
  const [clientId, setClientId] = useState<string | null>(null);
  const [pending, setPending] = useState<'microsoft' | 'dialog' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void microsoftSignInClientId().then((id) => live && setClientId(id));
    return () => {
      live = false;
    };
  }, []);

  const run = (way: 'microsoft' | 'dialog', signIn: () => Promise<string | null>) => async () => {
    setPending(way);
    setFailure(null);
    try {
      const to = await signIn();
      if (to) navigate(to, { replace: true });
    } catch (error) {
      if (error instanceof ApiError) setFailure(errorMessage(error));
      else if (!(error instanceof DialogClosed))
        setFailure(
          t('general.login.addin.failed', 'Signing in did not work: {reason}', {
            reason: error instanceof Error ? error.message : String(error),
          }),
        );
    } finally {
      setPending(null);
    }
  };

  return (
    <section className={styles.ways} aria-label={t('general.login.addin.ways', 'Ways to sign in')}>
      <ErrorText message={failure} />
      {clientId ? (
        <Button
          appearance="primary"
          disabled={pending !== null}
          onClick={() => void run('microsoft', () => signInWithMicrosoft(clientId))()}
        >
          {t('general.login.addin.microsoft', 'Continue with Microsoft 365')}
        </Button>
      ) : null}
      <Button
        appearance={clientId ? 'secondary' : 'primary'}
        disabled={pending !== null}
        onClick={() => void run('dialog', signInThroughDialog)()}
      >
        {t('general.login.addin.dialog', 'Continue with your company account')}
      </Button>
      <Divider>{t('general.login.addin.or-password', 'or with your Workplace account')}</Divider>
    </section>
  );
}
