import { Body1, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useState } from 'react';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { FormField } from '../../../ui/form-field';
import { SubmitButton } from '../../../ui/submit-button';
import { useForm } from '../../../ui/use-form';
import { sendPasswordForgot } from '../api';
import { useFormStyles } from './form.styles';

/** spec §7 password-forgot; spec §8: its errors are stored as the screen's error message. */
export default function ForgotPasswordScreen() {
  const styles = useFormStyles();
  const t = useLabel();
  const form = useForm({ email: '' }, { email: 'required|email' });
  const [message, setMessage] = useState<string | null>(null);

  const submit = form.submit(
    async () => setMessage((await sendPasswordForgot(form.values.email.trim())).message),
    {
      failure: 'all',
    },
  );

  return (
    <form
      className={styles.form}
      onSubmit={submit}
      noValidate
      aria-label={t('general.password-forgot.title', 'Forgot password')}
    >
      <ErrorText message={form.failure} />
      {message && (
        <MessageBar intent="success" role="status">
          <MessageBarBody>{message}</MessageBarBody>
        </MessageBar>
      )}
      <Body1 as="p">
        {t(
          'general.password-forgot.description',
          'Enter your email address and we will send you a link to reset your password.',
        )}
      </Body1>
      <FormField
        {...form.field('email')}
        label={t('general.login.email', 'Email')}
        type="email"
        autoComplete="username"
        required
        focusOnMount
      />
      <div className={styles.actions}>
        <SubmitButton pending={form.pending}>{t('general.password-forgot.submit', 'Send link')}</SubmitButton>
      </div>
      <AppLink to={href('r_login')}>{t('general.password-forgot.back-to-login', 'Back to sign in')}</AppLink>
    </form>
  );
}
