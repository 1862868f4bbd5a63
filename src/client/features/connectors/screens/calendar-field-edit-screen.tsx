import { Body1, Button } from '@fluentui/react-components';
import { useNavigate, useParams } from 'react-router-dom';
import {
  calendarFieldLabelCode,
  SECRET_MASK,
  type CalendarField,
} from '../../../../shared/contract/connectors';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { ErrorText } from '../../../ui/error-text';
import { FormField } from '../../../ui/form-field';
import { Loader } from '../../../ui/loader';
import { SubmitButton } from '../../../ui/submit-button';
import { useForm } from '../../../ui/use-form';
import { useSubmit } from '../../../ui/use-submit';
import { deleteField, updateField, useCalendarField } from '../api';
import { useConnectorStyles } from '../components/connectors.styles';

/** spec §2 connectors-calendar/{calendarId}/edit/{calendarFieldId}: one field's value. */
export default function CalendarFieldEditScreen() {
  const { calendarFieldId } = useParams();
  const id = Number(calendarFieldId);
  const t = useLabel();
  const field = useCalendarField(Number.isInteger(id) && id > 0 ? id : null);
  if (field.error) return <ErrorText message={field.error.message} />;
  if (!field.data) return <Loader label={t('general.loading', 'Loading…')} />;
  return <FieldForm field={field.data} />;
}

function FieldForm({ field }: { field: CalendarField }) {
  const styles = useConnectorStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const back = href('r_connectors-calendar-list', { calendarId: field.calendar_id });
  const form = useForm({ value: field.value }, { value: field.required ? 'required' : '' });
  const removal = useSubmit();
  const label = t(calendarFieldLabelCode(field.label), field.label);

  const submit = form.submit(
    async () => {
      await updateField(field.id, form.values.value);
      navigate(back);
    },
    { failure: 'all' },
  );

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={label}>
      <FormField
        {...form.field('value')}
        label={label}
        type={field.is_secret ? 'password' : 'text'}
        autoComplete={field.is_secret ? 'new-password' : 'off'}
        required={field.required}
        maxLength={8192}
        hint={
          field.is_secret && field.value === SECRET_MASK
            ? t('connectors.secret-hint', 'The stored secret is never shown. Leave it as it is to keep it.')
            : undefined
        }
      />
      <ErrorText message={form.failure ?? removal.failure} />
      <div className={styles.actions}>
        <SubmitButton pending={form.pending}>{t('general.actions.save', 'Save')}</SubmitButton>
        {!field.required && (
          <Button
            disabled={removal.pending}
            onClick={() =>
              void removal.run(async () => {
                await deleteField(field.id);
                navigate(back);
              })
            }
          >
            {t('connectors.remove-field', 'Remove field')}
          </Button>
        )}
      </div>
      {field.required && (
        <Body1 className={styles.detail}>
          {t('connectors.required-field', 'The connector needs this field.')}
        </Body1>
      )}
    </form>
  );
}
