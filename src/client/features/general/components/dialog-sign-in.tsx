import { Body1, Button, makeStyles, Subtitle1, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import {
  addinSignInPaths,
  type DialogMessage,
  type SsoRealmResponse,
} from '../../../../shared/contract/addin-sign-in';
import { isHandover, masterAuth, type LoginResponse } from '../../../../shared/contract/auth';
import { api } from '../../../api/client';
import { ApiError, errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { messageParent } from '../../../office/office-sign-in';
import { ErrorText } from '../../../ui/error-text';
import { FormField } from '../../../ui/form-field';
import { SubmitButton } from '../../../ui/submit-button';
import { useForm } from '../../../ui/use-form';

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    maxWidth: '420px',
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
});

/** Hands the pane its message; outside Outlook's dialog there is no pane to hand it to. */
export function sendToPane(message: DialogMessage): boolean {
  return messageParent(JSON.stringify(message));
}

/**
 * The add-in's sign-in dialog (issue 41), opened by the pane in a window of Outlook's: an address of
 * a company's single sign-on domain goes on to its identity provider (which comes back to this page
 * with a hand-over code); any other signs in with its password on the master host, whose answer for
 * a company user is a hand-over code. The code, never a session token, goes to the pane.
 */
export function DialogSignIn({ returned }: { returned: string | null }) {
  const t = useLabel();
  const styles = useStyles();
  const [step, setStep] = useState<'email' | 'password'>('email');
  const [notice, setNotice] = useState<string | null>(returned);
  const form = useForm(
    { email: '', password: '' },
    step === 'password' ? { email: 'required|email', password: 'required' } : { email: 'required|email' },
  );
  const email = form.values.email.trim();

  const submit = form.submit(async () => {
    setNotice(null);
    if (step === 'email') {
      const realm = await api.getNow<SsoRealmResponse>(addinSignInPaths.ssoRealm, {
        searchParams: { email },
        silent: true,
      });
      if (realm.login_url) window.location.assign(realm.login_url);
      else setStep('password');
      return;
    }
    let answer: LoginResponse;
    try {
      answer = await api.post<LoginResponse>(
        masterAuth.login,
        { email, password: form.values.password },
        { noRefresh: true, silent: true },
      );
    } catch (error) {
      setNotice(error instanceof ApiError ? errorMessage(error) : String(error));
      return;
    }
    if (!isHandover(answer)) {
      setNotice(t('general.login.addin.no-company', 'This account does not belong to a company.'));
      return;
    }
    sendToPane({ kind: 'handover', subdomain: answer.subdomain, handover_code: answer.handover_code });
  });

  return (
    <main className={styles.page}>
      <Subtitle1 as="h1">{t('general.login.addin.dialog-title', 'Sign in to Workplace')}</Subtitle1>
      <form
        className={styles.page}
        onSubmit={submit}
        noValidate
        aria-label={t('general.login.addin.dialog-title', 'Sign in to Workplace')}
      >
        <ErrorText message={form.failure ?? notice} />
        <FormField
          {...form.field('email')}
          label={t('general.login.email', 'Email')}
          type="email"
          autoComplete="username"
          required
          focusOnMount
          readOnly={step === 'password'}
        />
        {step === 'password' ? (
          <FormField
            {...form.field('password')}
            label={t('general.login.password', 'Password')}
            type="password"
            autoComplete="current-password"
            required
            focusOnMount
          />
        ) : (
          <Body1>
            {t(
              'general.login.addin.dialog-hint',
              'Your company’s sign-in page opens here if it uses one; otherwise, your password is asked for next.',
            )}
          </Body1>
        )}
        <div className={styles.actions}>
          <SubmitButton pending={form.pending}>
            {step === 'email'
              ? t('general.login.addin.continue', 'Continue')
              : t('general.login.submit', 'Sign in')}
          </SubmitButton>
          <Button onClick={() => sendToPane({ kind: 'cancelled' })}>
            {t('general.login.addin.cancel', 'Cancel')}
          </Button>
        </div>
      </form>
    </main>
  );
}

/** What the page shows once the code is on its way to the pane (or cannot be, outside Outlook). */
export function DialogDone({ sent }: { sent: boolean }) {
  const t = useLabel();
  const styles = useStyles();
  return (
    <main className={styles.page}>
      <Body1 role="status">
        {sent
          ? t('general.login.addin.signed-in', 'Signed in. Returning to Outlook…')
          : t('general.login.addin.outside', 'Open this page from the Workplace add-in in Outlook.')}
      </Body1>
    </main>
  );
}
