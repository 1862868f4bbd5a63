import { useLabel } from '../../../i18n/i18n';
import { ErrorText } from '../../../ui/error-text';
import { FormField } from '../../../ui/form-field';
import { SubmitButton } from '../../../ui/submit-button';
import { useForm } from '../../../ui/use-form';
import { useTwoFactorStyles } from './two-factor.styles';

/** One code: from the authenticator app (six digits) or, where `recovery`, a recovery code. */
export function CodeForm({
  onCode,
  submitLabel,
  recovery = false,
}: {
  onCode: (code: string) => Promise<void>;
  submitLabel: string;
  recovery?: boolean;
}) {
  const styles = useTwoFactorStyles();
  const t = useLabel();
  const form = useForm({ code: '' }, { code: 'required' });
  const submit = form.submit(() => onCode(form.values.code.trim()), { failure: 'unplaced' });
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={submitLabel}>
      <ErrorText message={form.failure} />
      <FormField
        {...form.field('code')}
        label={
          recovery
            ? t('two-factor.code-or-recovery', 'Code from your authenticator app, or a recovery code')
            : t('two-factor.code', 'Code from your authenticator app')
        }
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        maxLength={32}
        required
        focusOnMount
      />
      <div className={styles.actions}>
        <SubmitButton pending={form.pending}>{submitLabel}</SubmitButton>
      </div>
    </form>
  );
}
