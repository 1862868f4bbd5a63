import { Body1, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { loginWithCode, requestLoginCode } from '../../../session/session';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { FormField } from '../../../ui/form-field';
import { SubmitButton } from '../../../ui/submit-button';
import { useForm } from '../../../ui/use-form';
import { useFormStyles } from './form.styles';

/** The login screen's hand-over when throttling mailed a sign-in code instead (issue 37). */
export interface CodeMailedState {
  email: string;
  codeMailed: true;
}

function codeMailed(state: unknown): CodeMailedState | null {
  const given = state as Partial<CodeMailedState> | null;
  return given?.codeMailed === true && typeof given.email === 'string' ? (given as CodeMailedState) : null;
}

/**
 * spec §4 code login: ask the e-mail address, then the six-digit code sent to it. Sent here by the
 * login screen with a code already mailed, it starts at the code, for that address.
 */
export default function TmpCodeScreen() {
  const styles = useFormStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const mailed = codeMailed(useLocation().state);
  const [step, setStep] = useState<'email' | 'code'>(mailed ? 'code' : 'email');
  const form = useForm(
    { email: mailed?.email ?? '', code: '' },
    step === 'email' ? { email: 'required|email' } : { code: 'required|numeric|min:6' },
  );
  const submit = form.submit(async () => {
    if (step === 'email') {
      await requestLoginCode(form.values.email.trim());
      setStep('code');
      return;
    }
    const to = await loginWithCode(form.values.email.trim(), form.values.code.trim());
    if (to) navigate(to, { replace: true });
  });

  return (
    <form
      className={styles.form}
      onSubmit={submit}
      noValidate
      aria-label={t('general.tmp-code.title', 'Sign in with a code')}
    >
      <ErrorText message={form.failure} />
      {step === 'email' ? (
        <>
          <Body1 as="p">
            {t('general.tmp-code.description', 'We will send a six-digit code to your email address.')}
          </Body1>
          <FormField
            {...form.field('email')}
            label={t('general.login.email', 'Email')}
            type="email"
            autoComplete="username"
            required
            focusOnMount
          />
        </>
      ) : (
        <>
          {mailed ? (
            <MessageBar intent="info" role="status">
              <MessageBarBody>
                {t(
                  'general.tmp-code.mailed-after-login',
                  'Too many failed sign-ins from here. If your password was right, we have e-mailed a sign-in code to {email}: enter it here.',
                  { email: mailed.email },
                )}
              </MessageBarBody>
            </MessageBar>
          ) : (
            <Body1 as="p" aria-live="polite">
              {t('general.tmp-code.sent', 'If the address belongs to an account, a code has been sent.')}
            </Body1>
          )}
          <FormField
            {...form.field('code')}
            label={t('general.tmp-code.code', 'Code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            focusOnMount
          />
        </>
      )}
      <div className={styles.actions}>
        <SubmitButton pending={form.pending}>
          {step === 'email'
            ? t('general.tmp-code.send', 'Send code')
            : t('general.tmp-code.submit', 'Sign in')}
        </SubmitButton>
      </div>
      <AppLink to={href('r_login')}>{t('general.password-forgot.back-to-login', 'Back to sign in')}</AppLink>
    </form>
  );
}
