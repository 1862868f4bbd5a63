import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../../api/errors';
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
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!form.validateAll()) return;
    setPending(true);
    try {
      const to = await loginWithPassword(form.values.email.trim(), form.values.password);
      if (to) navigate(to, { replace: true });
    } catch (error) {
      if (error instanceof ApiError) {
        form.showFieldErrors(error.body?.errors);
        // Server answers show in the modal; a call that never got one is told here.
        if (!error.body) setFailure(error.message);
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label={t('general.login.title', 'Log in')}>
      <ErrorText message={failure} />
      <FormField {...form.field('email')} label={t('general.login.email', 'Email')} type="email" autoComplete="username" required focusOnMount />
      <FormField {...form.field('password')} label={t('general.login.password', 'Password')} type="password" autoComplete="current-password" required />
      <div className={styles.actions}>
        <SubmitButton pending={pending}>{t('general.login.submit', 'Log in')}</SubmitButton>
      </div>
      <div className={styles.links}>
        <AppLink to={href('r_forgot-password')}>{t('general.login.forgot-password', 'Forgot password?')}</AppLink>
        <AppLink to={href('r_tmp-code')}>{t('general.login.use-code', 'Log in with a code')}</AppLink>
      </div>
    </form>
  );
}
