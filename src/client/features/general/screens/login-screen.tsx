import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ssoDomainsPath, type SsoDomainsResponse } from '../../../../shared/contract/auth';
import { ssoDomainFor } from '../../../../shared/contract/sso';
import { appMode, isCompanyContext } from '../../../api/environment';
import { useApi } from '../../../api/swr';
import { useLabel } from '../../../i18n/i18n';
import { useWhen } from '../../../i18n/use-when';
import { href } from '../../../routing/paths';
import { usePendingTwoFactor } from '../../../session/hooks';
import { loginRefusal, loginWithPassword } from '../../../session/session';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { FormField } from '../../../ui/form-field';
import { SubmitButton } from '../../../ui/submit-button';
import { useForm } from '../../../ui/use-form';
import { LanguageSwitch } from '../components/language-switch';
import { PaneSignIn } from '../components/pane-sign-in';
import { TwoFactorSignIn } from '../components/two-factor-sign-in';
import { useFormStyles } from './form.styles';
import type { CodeMailedState } from './tmp-code-screen';

/** spec §4 login: e-mail and password, then the second step when two-factor sign-in asks for one. */
export default function LoginScreen() {
  const pending = usePendingTwoFactor();
  const styles = useFormStyles();
  if (pending)
    return (
      <div className={styles.form}>
        <TwoFactorSignIn pending={pending} />
      </div>
    );
  // The task pane offers Microsoft 365 and the sign-in dialog first (issue 41).
  if (appMode() === 'addin')
    return (
      <div className={styles.form}>
        <PaneSignIn />
        <PasswordLogin />
      </div>
    );
  return <PasswordLogin />;
}

interface Throttled {
  message: string;
  /** when Retry-After lets the next attempt through */
  until: Date | null;
}

/**
 * E-mail and password; server errors show in the warning modal, except the throttle's (issue 37): a
 * 429 stays on the form with its wait, and a code e-mailed instead moves to the code step.
 */
function PasswordLogin() {
  const styles = useFormStyles();
  const t = useLabel();
  // no preferences before sign-in: the language's own time
  const when = useWhen();
  const navigate = useNavigate();
  // spec §7 auth/sso-domains: an address of an SSO domain signs in at its identity provider, no password.
  const ssoDomains = useApi<SsoDomainsResponse>(isCompanyContext() ? ssoDomainsPath : null, { silent: true });
  // A refused single sign-on comes back here with its reason (spec §7: message in the address).
  const returned = new URLSearchParams(useLocation().search).get('message');
  const form = useForm({ email: '', password: '' }, { email: 'required|email', password: 'required' });
  const sso = ssoDomainFor(form.values.email, ssoDomains.data?.domains ?? []);
  const [throttled, setThrottled] = useState<Throttled | null>(null);
  const submit = form.submit(async () => {
    setThrottled(null);
    const email = form.values.email.trim();
    try {
      const to = await loginWithPassword(email, form.values.password);
      if (to) navigate(to, { replace: true });
    } catch (error) {
      const refusal = loginRefusal(error);
      if (refusal?.kind === 'code-mailed')
        navigate(href('r_tmp-code'), { state: { email, codeMailed: true } satisfies CodeMailedState });
      else if (refusal?.kind === 'throttled')
        setThrottled({
          message: refusal.message,
          until: refusal.retryAfterSeconds === null ? null : secondsFromNow(refusal.retryAfterSeconds),
        });
      else throw error;
    }
  });
  const submitSso = (event: FormEvent) => {
    event.preventDefault();
    if (sso) window.location.assign(sso.login_url);
  };

  return (
    <form
      className={styles.form}
      onSubmit={sso ? submitSso : submit}
      noValidate
      aria-label={t('general.login.title', 'Sign in')}
    >
      <ErrorText message={form.failure ?? returned} />
      {throttled ? (
        <MessageBar intent="warning" role="alert">
          <MessageBarBody>
            {throttled.message}
            {throttled.until
              ? ` ${t('general.login.retry-at', 'You can try again at {time}.', { time: when.time(throttled.until) })}`
              : null}
          </MessageBarBody>
        </MessageBar>
      ) : null}
      <FormField
        {...form.field('email')}
        label={t('general.login.email', 'Email')}
        type="email"
        autoComplete="username"
        required
        focusOnMount
      />
      {sso ? null : (
        <FormField
          {...form.field('password')}
          label={t('general.login.password', 'Password')}
          type="password"
          autoComplete="current-password"
          required
        />
      )}
      <div className={styles.actions}>
        <SubmitButton pending={form.pending}>
          {sso
            ? t('general.login.sso-submit', 'Continue with your company account')
            : t('general.login.submit', 'Sign in')}
        </SubmitButton>
      </div>
      <div className={styles.links}>
        <AppLink to={href('r_forgot-password')}>
          {t('general.login.forgot-password', 'Forgot your password?')}
        </AppLink>
        <AppLink to={href('r_tmp-code')}>{t('general.login.use-code', 'Sign in with a code')}</AppLink>
      </div>
      <LanguageSwitch />
    </form>
  );
}

function secondsFromNow(seconds: number): Date {
  return new Date(Date.now() + seconds * 1000);
}
