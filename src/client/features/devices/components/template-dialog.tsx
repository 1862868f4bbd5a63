import { COMPANY_LANGUAGE, LanguageOrCompanyDropdown } from '../../../ui/language-dropdown';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Dropdown,
  Field,
  Input,
  makeStyles,
  Option,
  Switch,
  tokens,
} from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import type { DeviceTemplate, TemplateBody } from '../../../../shared/contract/devices';
import {
  ACCENTS,
  ACTIONS_OF,
  BOOK_NOW_MINUTES,
  TEMPLATE_TYPES,
  type Accent,
  type TemplateType,
} from '../../../../shared/devices/devices';
import { useLabel } from '../../../i18n/i18n';
import { ErrorText } from '../../../ui/error-text';
import { SubmitButton } from '../../../ui/submit-button';
import { firstMessages, useSubmit } from '../../../ui/use-submit';
import { saveTemplate } from '../api';
import { useDeviceLabels } from '../device-labels';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  choices: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

/** Adds or edits a device template: its type, language, colour, what it offers and whether it is the default. */
export function TemplateDialog({
  template,
  onClose,
}: {
  /** null: a new template */
  template: DeviceTemplate | null;
  onClose: () => void;
}) {
  const styles = useStyles();
  const t = useLabel();
  const names = useDeviceLabels();
  const [name, setName] = useState(template?.name ?? '');
  const [type, setType] = useState<TemplateType>(template?.device_type ?? 'DISPLAY');
  const [language, setLanguage] = useState(
    template?.language_id ? String(template.language_id) : COMPANY_LANGUAGE,
  );
  const [accent, setAccent] = useState<Accent>(template?.accent ?? 'brand');
  const [actions, setActions] = useState<string[]>(template?.actions ?? [...ACTIONS_OF.DISPLAY]);
  const [durations, setDurations] = useState<number[]>(template?.durations ?? [15, 30, 60]);
  const [isDefault, setDefault] = useState(template?.is_default ?? false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const form = useSubmit();

  const toggle = <T,>(list: T[], value: T, on: boolean) =>
    on ? [...list, value] : list.filter((v) => v !== value);
  const changeType = (next: TemplateType) => {
    setType(next);
    setActions([...ACTIONS_OF[next]]);
    setDurations(next === 'DISPLAY' ? [15, 30, 60] : []);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    setErrors({});
    const saved = await form.run(
      () =>
        saveTemplate(template?.id ?? null, {
          name,
          device_type: type,
          language_id: language ? Number(language) : null,
          accent,
          actions: ACTIONS_OF[type].filter((action) => actions.includes(action)),
          durations: (type === 'DISPLAY' ? durations : []) as TemplateBody['durations'],
          is_default: isDefault,
        }),
      (fieldErrors) => setErrors(firstMessages(fieldErrors, { atList: true })),
    );
    if (saved) onClose();
  };
  const message = (field: string) => errors[field];

  return (
    <Dialog open onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface>
        <form onSubmit={(event) => void submit(event)} noValidate className={styles.form}>
          <DialogBody>
            <DialogTitle>
              {template
                ? t('devices.template.edit', 'Edit template')
                : t('devices.template.add', 'Add template')}
            </DialogTitle>
            <DialogContent className={styles.form}>
              <ErrorText message={form.failure} />
              <Field label={t('devices.template.name', 'Name')} required validationMessage={message('name')}>
                <Input value={name} maxLength={120} onChange={(_event, data) => setName(data.value)} />
              </Field>
              <Field label={t('devices.template.type', 'For')} validationMessage={message('device_type')}>
                <Dropdown
                  value={names.type(type)}
                  selectedOptions={[type]}
                  onOptionSelect={(_event, data) => changeType(data.optionValue as TemplateType)}
                >
                  {TEMPLATE_TYPES.map((option) => (
                    <Option key={option} value={option}>
                      {names.type(option)}
                    </Option>
                  ))}
                </Dropdown>
              </Field>
              <Field
                label={t('devices.template.language', 'Language')}
                validationMessage={message('language_id')}
              >
                <LanguageOrCompanyDropdown
                  value={language}
                  onChange={setLanguage}
                  companyLabel={t('devices.template.company-language', 'The company’s')}
                />
              </Field>
              <Field label={t('devices.template.accent', 'Colour')} validationMessage={message('accent')}>
                <Dropdown
                  value={names.accent(accent)}
                  selectedOptions={[accent]}
                  onOptionSelect={(_event, data) => setAccent(data.optionValue as Accent)}
                >
                  {ACCENTS.map((option) => (
                    <Option key={option} value={option}>
                      {names.accent(option)}
                    </Option>
                  ))}
                </Dropdown>
              </Field>
              <Field label={t('devices.template.actions', 'Offers')} validationMessage={message('actions')}>
                <div
                  className={styles.choices}
                  role="group"
                  aria-label={t('devices.template.actions', 'Offers')}
                >
                  {ACTIONS_OF[type].map((action) => (
                    <Checkbox
                      key={action}
                      label={names.action(action)}
                      checked={actions.includes(action)}
                      onChange={(_event, data) =>
                        setActions((list) => toggle(list, action, data.checked === true))
                      }
                    />
                  ))}
                </div>
              </Field>
              {type === 'DISPLAY' && (
                <Field
                  label={t('devices.template.durations', 'Book now for')}
                  validationMessage={message('durations')}
                >
                  <div
                    className={styles.choices}
                    role="group"
                    aria-label={t('devices.template.durations', 'Book now for')}
                  >
                    {BOOK_NOW_MINUTES.map((minutes) => (
                      <Checkbox
                        key={minutes}
                        label={t('devices.display.minutes', '{minutes} min', { minutes })}
                        checked={durations.includes(minutes)}
                        onChange={(_event, data) =>
                          setDurations((list) => toggle(list, minutes, data.checked === true))
                        }
                      />
                    ))}
                  </div>
                </Field>
              )}
              <Switch
                label={t('devices.template.default', 'Default for new devices of this kind')}
                checked={isDefault}
                onChange={(_event, data) => setDefault(data.checked)}
              />
            </DialogContent>
            <DialogActions>
              <SubmitButton pending={form.pending}>{t('general.actions.save', 'Save')}</SubmitButton>
              <Button onClick={onClose}>{t('general.actions.cancel', 'Cancel')}</Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
