import { Body1, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../api/errors';
import { firstErrorMessage } from '../../../../shared/validation/field-errors';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/table';
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
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!form.validateAll()) return;
    setPending(true);
    try {
      setMessage((await sendPasswordForgot(form.values.email.trim())).message);
    } catch (error) {
      if (error instanceof ApiError) setFailure(firstErrorMessage(error.body ?? undefined, error.message));
    } finally {
      setPending(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label={t('general.password-forgot.title', 'Forgot password')}>
      <ErrorText message={failure} />
      {message && (
        <MessageBar intent="success" role="status">
          <MessageBarBody>{message}</MessageBarBody>
        </MessageBar>
      )}
      <Body1 as="p">
        {t('general.password-forgot.description', 'Enter your email address and we will send you a link to reset your password.')}
      </Body1>
      <FormField {...form.field('email')} label={t('general.login.email', 'Email')} type="email" autoComplete="username" required focusOnMount />
      <div className={styles.actions}>
        <SubmitButton pending={pending}>{t('general.password-forgot.submit', 'Send link')}</SubmitButton>
      </div>
      <AppLink to={href('r_login')}>{t('general.password-forgot.back-to-login', 'Back to login')}</AppLink>
    </form>
  );
}
