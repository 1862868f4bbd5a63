import { Checkbox, Dropdown, Field, Input, Option } from '@fluentui/react-components';
import { Delete20Regular } from '@fluentui/react-icons';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import {
  layoutProblem,
  NEW_TEMPLATE,
  PAGE_SIZES_MM,
  TEMPLATE_BOUNDS,
  type PageSize,
  type QrCodeTemplateBody,
} from '../../../../shared/contract/qr-code-templates';
import { can } from '../../../../shared/permissions/can';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { useInitialData } from '../../../session/hooks';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { SubmitButton } from '../../../ui/submit-button';
import { firstMessages, useSubmit } from '../../../ui/use-submit';
import { createTemplate, deleteTemplate, updateTemplate, useTemplate } from '../api';
import { useLayoutSummary } from '../components/layout-summary';
import { ConfirmAction } from '../../profile/components/confirm-action';
import { useQrStyles } from '../qr-codes.styles';

type NumberField = keyof typeof TEMPLATE_BOUNDS;
type Flag = 'show_name' | 'show_level' | 'show_type';

/** spec §2 /qr-code-templates add and edit/:templateId: a sheet's page, label size, grid and texts. */
export default function TemplateScreen() {
  const t = useLabel();
  const raw = useParams().templateId;
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const existing = useTemplate(id);
  if (id === null) return <TemplateForm id={null} initial={NEW_TEMPLATE} />;
  if (existing.error) return <ErrorText message={errorMessage(existing.error)} />;
  if (!existing.data) return <Loader label={t('general.loading', 'Loading…')} />;
  const { id: _id, is_default: _default, ...fields } = existing.data;
  return <TemplateForm key={id} id={id} initial={fields} />;
}

function TemplateForm({ id, initial }: { id: number | null; initial: QrCodeTemplateBody }) {
  const styles = useQrStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const session = useInitialData();
  const summary = useLayoutSummary();
  const [body, setBody] = useState<QrCodeTemplateBody>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { pending, failure, run } = useSubmit();

  const set = <K extends keyof QrCodeTemplateBody>(key: K, value: QrCodeTemplateBody[K]) => {
    setBody((previous) => ({ ...previous, [key]: value }));
    setErrors((previous) => ({ ...previous, [key]: '' }));
  };
  const problem = layoutProblem(body);
  const problemText =
    problem?.field === 'columns'
      ? t('qr-codes.templates.too-wide', 'The labels do not fit across the page.')
      : problem
        ? t('qr-codes.templates.too-tall', 'The labels do not fit down the page.')
        : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(
      async () => {
        if (id === null) await createTemplate(body);
        else await updateTemplate(id, body);
        navigate(href('r_qr-code-templates'));
      },
      (fieldErrors) => setErrors(firstMessages(fieldErrors)),
      { failure: 'unplaced' },
    );
  };

  const numberField = (key: NumberField, label: string) => {
    const [min, max] = TEMPLATE_BOUNDS[key];
    const fieldProblem = problem?.field === key ? problemText : undefined;
    const message = errors[key] || fieldProblem;
    return (
      <Field label={label} required validationMessage={message} validationState={message ? 'error' : 'none'}>
        <Input
          type="number"
          name={key}
          min={min}
          max={max}
          value={Number.isNaN(body[key]) ? '' : String(body[key])}
          onChange={(_event, data) => set(key, data.value === '' ? Number.NaN : Number(data.value))}
        />
      </Field>
    );
  };
  const flag = (key: Flag, label: string) => (
    <Checkbox
      label={label}
      checked={body[key]}
      onChange={(_event, data) => set(key, data.checked === true)}
    />
  );
  const mayDelete = id !== null && can(session?.general_permissions ?? [], ['QR_CODE', 'delete']);

  return (
    <form
      className={styles.form}
      onSubmit={submit}
      noValidate
      aria-label={
        id === null
          ? t('qr-codes.templates.add', 'Add template')
          : t('qr-codes.templates.edit', 'Edit template')
      }
    >
      <ErrorText message={failure} />
      <Field
        label={t('qr-codes.templates.name', 'Name')}
        required
        validationMessage={errors.name}
        validationState={errors.name ? 'error' : 'none'}
      >
        <Input
          name="name"
          value={body.name}
          maxLength={120}
          onChange={(_event, data) => set('name', data.value)}
        />
      </Field>
      <Field label={t('qr-codes.templates.page-size', 'Page size')}>
        <Dropdown
          name="page_size"
          value={body.page_size}
          selectedOptions={[body.page_size]}
          onOptionSelect={(_event, data) =>
            set('page_size', (data.optionValue as PageSize | undefined) ?? 'A4')
          }
        >
          {(Object.keys(PAGE_SIZES_MM) as PageSize[]).map((size) => (
            <Option key={size} value={size}>
              {size}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <div className={styles.pair}>
        {numberField('label_width_mm', t('qr-codes.templates.width', 'Label width (mm)'))}
        {numberField('label_height_mm', t('qr-codes.templates.height', 'Label height (mm)'))}
        {numberField('columns', t('qr-codes.templates.columns', 'Columns per page'))}
        {numberField('rows', t('qr-codes.templates.rows', 'Rows per page'))}
      </div>
      <p className={styles.preview} aria-live="polite">
        {problem ? '' : summary(body)}
      </p>
      <fieldset className={styles.choices}>
        <legend>{t('qr-codes.templates.texts', 'Printed beside the code')}</legend>
        {flag('show_name', t('qr-codes.templates.show-name', 'Resource name'))}
        {flag('show_level', t('qr-codes.templates.show-level', 'Level'))}
        {flag('show_type', t('qr-codes.templates.show-type', 'Resource type'))}
      </fieldset>
      <Field
        label={t('qr-codes.templates.caption', 'Caption')}
        hint={t('qr-codes.templates.caption-hint', 'A line on every label, such as “Scan to book”.')}
        validationMessage={errors.caption}
        validationState={errors.caption ? 'error' : 'none'}
      >
        <Input
          name="caption"
          value={body.caption}
          maxLength={60}
          onChange={(_event, data) => set('caption', data.value)}
        />
      </Field>
      <Field
        label={t('qr-codes.templates.colour', 'Text colour')}
        validationMessage={errors.text_colour}
        validationState={errors.text_colour ? 'error' : 'none'}
      >
        <Input
          name="text_colour"
          value={body.text_colour}
          maxLength={7}
          contentBefore={
            <input
              type="color"
              aria-label={t('qr-codes.templates.colour-picker', 'Pick the text colour')}
              value={/^#[0-9a-f]{6}$/i.test(body.text_colour) ? body.text_colour : '#000000'}
              onChange={(event) => set('text_colour', event.currentTarget.value)}
            />
          }
          onChange={(_event, data) => set('text_colour', data.value)}
        />
      </Field>
      <div className={styles.actions}>
        <SubmitButton pending={pending}>{t('general.actions.save', 'Save')}</SubmitButton>
        {mayDelete && id !== null && (
          <ConfirmAction
            label={t('qr-codes.templates.delete', 'Delete template')}
            accessibleLabel={t('qr-codes.templates.delete-of', 'Delete template {name}', { name: body.name })}
            title={t('qr-codes.templates.delete', 'Delete template')}
            message={t(
              'qr-codes.templates.delete-message',
              'Codes printed with this template will print with the default template.',
            )}
            icon={<Delete20Regular aria-hidden />}
            action={() => deleteTemplate(id)}
            after={() => navigate(href('r_qr-code-templates'))}
          />
        )}
      </div>
    </form>
  );
}
