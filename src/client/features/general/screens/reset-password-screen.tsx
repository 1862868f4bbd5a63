import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { FormField } from '../../../ui/form-field';
import { SubmitButton } from '../../../ui/submit-button';
import { useForm } from '../../../ui/use-form';
import { checkPasswordResetToken, resetPassword } from '../api';
import { useFormStyles } from './form.styles';

const failureOf = errorMessage;

/** spec §7 password reset from a mailed link (?token=&email=); errors stay on the screen (spec §8). */
export default function ResetPasswordScreen() {
  const styles = useFormStyles();
  const t = useLabel();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const form = useForm(
    { email: search.get('email') ?? '', password: '', password_confirmation: '' },
    {
      email: 'required|email',
      password: 'required|min:8',
      password_confirmation: 'required|confirmed:password',
    },
  );
  const { setValues, setFailure } = form;
  const [message, setMessage] = useState<string | null>(null);
  const invalidLink = token
    ? null
    : t('general.password-reset.invalid-link', 'This link is invalid or has expired.');

  useEffect(() => {
    if (!token) return;
    let live = true;
    checkPasswordResetToken(token).then(
      ({ email }) => live && setValues((values) => ({ ...values, email })),
      (error: unknown) => live && setFailure(failureOf(error)),
    );
    return () => {
      live = false;
    };
  }, [token, setValues, setFailure]);

  const submit = form.submit(
    async () => setMessage((await resetPassword({ token, ...form.values })).message),
    {
      failure: 'all',
    },
  );

  if (message)
    return (
      <>
        <MessageBar intent="success" role="status">
          <MessageBarBody>{message}</MessageBarBody>
        </MessageBar>
        <AppLink to={href('r_login')}>
          {t('general.password-forgot.back-to-login', 'Back to sign in')}
        </AppLink>
      </>
    );

  return (
    <form
      className={styles.form}
      onSubmit={submit}
      noValidate
      aria-label={t('general.password-reset.title', 'Reset password')}
    >
      <ErrorText message={form.failure ?? invalidLink} />
      <FormField
        {...form.field('email')}
        label={t('general.login.email', 'Email')}
        type="email"
        autoComplete="username"
        required
      />
      <FormField
        {...form.field('password')}
        label={t('general.password-reset.password', 'New password')}
        type="password"
        autoComplete="new-password"
        required
        focusOnMount
      />
      <FormField
        {...form.field('password_confirmation')}
        label={t('general.password-reset.password-confirmation', 'Confirm new password')}
        type="password"
        autoComplete="new-password"
        required
      />
      <div className={styles.actions}>
        <SubmitButton pending={form.pending}>
          {t('general.password-reset.submit', 'Reset password')}
        </SubmitButton>
      </div>
    </form>
  );
}
