import { Body1 } from '@fluentui/react-components';
import { useNavigate, useParams } from 'react-router-dom';
import { NAME_ID_ATTRIBUTE, type SsoField } from '../../../../shared/contract/sso';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { ErrorText } from '../../../ui/error-text';
import { FormField } from '../../../ui/form-field';
import { Loader } from '../../../ui/loader';
import { SubmitButton } from '../../../ui/submit-button';
import { useForm } from '../../../ui/use-form';
import { updateSsoField, useSsoField } from '../api';
import { fieldLabel } from '../components/field-label';
import { useSsoStyles } from '../components/sso.styles';

const positive = (value: string | undefined) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : null;
};

/** spec §2 connectors-sso/{ssoId}/edit/{ssoFieldId}: which assertion attribute carries one user field. */
export default function SsoFieldEditScreen() {
  const { ssoId, ssoFieldId } = useParams();
  const t = useLabel();
  const field = useSsoField(positive(ssoId), positive(ssoFieldId));
  if (field.error) return <ErrorText message={field.error.message} />;
  if (!field.data) return <Loader label={t('general.loading', 'Loading…')} />;
  return <FieldForm field={field.data} />;
}

function FieldForm({ field }: { field: SsoField }) {
  const styles = useSsoStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const form = useForm({ attribute: field.attribute }, { attribute: 'required' });
  const label = fieldLabel(t, field.field);
  const submit = form.submit(async () => {
    await updateSsoField(field.sso_id, field.id, form.values.attribute.trim());
    navigate(href('r_connectors-sso-list', { ssoId: field.sso_id }));
  });
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={label}>
      <ErrorText message={form.failure} />
      <FormField
        {...form.field('attribute')}
        label={t('connectors-sso.attribute-for', 'Attribute that carries: {field}').replace('{field}', label)}
        required
        maxLength={512}
        focusOnMount
      />
      <Body1 className={styles.detail}>
        {t(
          'connectors-sso.name-id-hint',
          'Enter {nameId} to read the subject’s NameID instead of an attribute.',
        ).replace('{nameId}', NAME_ID_ATTRIBUTE)}
      </Body1>
      <div className={styles.actions}>
        <SubmitButton pending={form.pending}>{t('general.actions.save', 'Save')}</SubmitButton>
      </div>
    </form>
  );
}
