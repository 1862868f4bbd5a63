import { Body1 } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/table';
import { loginWithCode, requestLoginCode } from '../../../session/session';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { FormField } from '../../../ui/form-field';
import { SubmitButton } from '../../../ui/submit-button';
import { useForm } from '../../../ui/use-form';
import { useFormStyles } from './form.styles';

/** spec §4 code login: ask the e-mail address, then the six-digit code sent to it. */
export default function TmpCodeScreen() {
  const styles = useFormStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const [step, setStep] = useState<'email' | 'code'>('email');
  const form = useForm({ email: '', code: '' }, step === 'email' ? { email: 'required|email' } : { code: 'required|numeric|min:6' });
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!form.validateAll()) return;
    setPending(true);
    try {
      if (step === 'email') {
        await requestLoginCode(form.values.email.trim());
        setStep('code');
      } else {
        const to = await loginWithCode(form.values.email.trim(), form.values.code.trim());
        if (to) navigate(to, { replace: true });
      }
    } catch (error) {
      if (error instanceof ApiError) {
        form.showFieldErrors(error.body?.errors);
        if (!error.body) setFailure(error.message);
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label={t('general.tmp-code.title', 'Log in with a code')}>
      <ErrorText message={failure} />
      {step === 'email' ? (
        <>
          <Body1 as="p">{t('general.tmp-code.description', 'We will send a six-digit code to your email address.')}</Body1>
          <FormField {...form.field('email')} label={t('general.login.email', 'Email')} type="email" autoComplete="username" required focusOnMount />
        </>
      ) : (
        <>
          <Body1 as="p" aria-live="polite">
            {t('general.tmp-code.sent', 'If the address belongs to an account, a code has been sent.')}
          </Body1>
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
        <SubmitButton pending={pending}>
          {step === 'email' ? t('general.tmp-code.send', 'Send code') : t('general.tmp-code.submit', 'Log in')}
        </SubmitButton>
      </div>
      <AppLink to={href('r_login')}>{t('general.password-forgot.back-to-login', 'Back to login')}</AppLink>
    </form>
  );
}
