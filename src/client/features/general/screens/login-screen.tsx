import type { FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ssoDomainsPath, type SsoDomainsResponse } from '../../../../shared/contract/auth';
import { ssoDomainFor } from '../../../../shared/contract/sso';
import { isCompanyContext } from '../../../api/environment';
import { useApi } from '../../../api/swr';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/table';
import { loginWithPassword } from '../../../session/session';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { FormField } from '../../../ui/form-field';
import { SubmitButton } from '../../../ui/submit-button';
import { useForm } from '../../../ui/use-form';
import { useFormStyles } from './form.styles';

/** spec §4 login: e-mail and password; server errors show in the warning modal. */
export default function LoginScreen() {
  const styles = useFormStyles();
  const t = useLabel();
  const navigate = useNavigate();
  // spec §7 auth/sso-domains: an address of an SSO domain signs in at its identity provider, no password.
  const ssoDomains = useApi<SsoDomainsResponse>(isCompanyContext() ? ssoDomainsPath : null, { silent: true });
  // A refused single sign-on comes back here with its reason (spec §7: message in the address).
  const returned = new URLSearchParams(useLocation().search).get('message');
  const form = useForm({ email: '', password: '' }, { email: 'required|email', password: 'required' });
  const sso = ssoDomainFor(form.values.email, ssoDomains.data?.domains ?? []);
  const submit = form.submit(async () => {
    const to = await loginWithPassword(form.values.email.trim(), form.values.password);
    if (to) navigate(to, { replace: true });
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
      aria-label={t('general.login.title', 'Log in')}
    >
      <ErrorText message={form.failure ?? returned} />
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
            : t('general.login.submit', 'Log in')}
        </SubmitButton>
      </div>
      <div className={styles.links}>
        <AppLink to={href('r_forgot-password')}>
          {t('general.login.forgot-password', 'Forgot password?')}
        </AppLink>
        <AppLink to={href('r_tmp-code')}>{t('general.login.use-code', 'Log in with a code')}</AppLink>
      </div>
    </form>
  );
}
