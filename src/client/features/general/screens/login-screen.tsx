import { useNavigate } from 'react-router-dom';
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
  const form = useForm({ email: '', password: '' }, { email: 'required|email', password: 'required' });
  const submit = form.submit(async () => {
    const to = await loginWithPassword(form.values.email.trim(), form.values.password);
    if (to) navigate(to, { replace: true });
  });

  return (
    <form
      className={styles.form}
      onSubmit={submit}
      noValidate
      aria-label={t('general.login.title', 'Log in')}
    >
      <ErrorText message={form.failure} />
      <FormField
        {...form.field('email')}
        label={t('general.login.email', 'Email')}
        type="email"
        autoComplete="username"
        required
        focusOnMount
      />
      <FormField
        {...form.field('password')}
        label={t('general.login.password', 'Password')}
        type="password"
        autoComplete="current-password"
        required
      />
      <div className={styles.actions}>
        <SubmitButton pending={form.pending}>{t('general.login.submit', 'Log in')}</SubmitButton>
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
