import {
  Button,
  Combobox,
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
  tokens,
} from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import type { Device, DeviceTemplate, DeviceWithCode } from '../../../../shared/contract/devices';
import { useLabel } from '../../../i18n/i18n';
import { ErrorText } from '../../../ui/error-text';
import { SubmitButton } from '../../../ui/submit-button';
import { firstMessages, useSubmit } from '../../../ui/use-submit';
import { editDevice, registerDevice, useResourceChoices } from '../api';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

const DEFAULT = '';

/** Registers a display (or edits one): its name, the room or desk it shows, its template. */
export function DeviceDialog({
  device,
  templates,
  onRegistered,
  onClose,
}: {
  /** null: a new display */
  device: Device | null;
  templates: DeviceTemplate[];
  onRegistered: (device: DeviceWithCode) => void;
  onClose: () => void;
}) {
  const styles = useStyles();
  const t = useLabel();
  const resources = useResourceChoices();
  const displayTemplates = templates.filter((template) => template.device_type === 'DISPLAY');
  const [name, setName] = useState(device?.name ?? '');
  const [resourceId, setResourceId] = useState<number | null>(device?.resource.id ?? null);
  const [search, setSearch] = useState(device?.resource.name ?? '');
  const [templateId, setTemplateId] = useState(device ? String(device.template.id) : DEFAULT);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const form = useSubmit();
  const choices = (resources.data?.data ?? []).filter((resource) =>
    `${resource.name} ${resource.level.path}`.toLowerCase().includes(search.trim().toLowerCase()),
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    setErrors({});
    const body = { name, resource_id: resourceId ?? 0, template_id: templateId ? Number(templateId) : null };
    let created: DeviceWithCode | null = null;
    const saved = await form.run(
      async () => {
        if (device) await editDevice(device.id, body);
        else created = await registerDevice(body);
      },
      (fieldErrors) => setErrors(firstMessages(fieldErrors)),
    );
    if (!saved) return;
    if (created) onRegistered(created);
    else onClose();
  };

  return (
    <Dialog open onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <DialogBody>
            <DialogTitle>
              {device
                ? t('devices.device.edit', 'Edit display')
                : t('devices.device.add', 'Register display')}
            </DialogTitle>
            <DialogContent className={styles.form}>
              <ErrorText message={form.failure} />
              <Field label={t('devices.device.name', 'Name')} required validationMessage={errors.name}>
                <Input value={name} maxLength={120} onChange={(_event, data) => setName(data.value)} />
              </Field>
              <Field
                label={t('devices.device.resource', 'Room or desk')}
                required
                validationMessage={errors.resource_id}
              >
                <Combobox
                  freeform
                  value={search}
                  selectedOptions={resourceId === null ? [] : [String(resourceId)]}
                  onChange={(event) => setSearch(event.target.value)}
                  onOptionSelect={(_event, data) => {
                    setResourceId(data.optionValue ? Number(data.optionValue) : null);
                    setSearch(data.optionText ?? '');
                  }}
                  placeholder={resources.data ? undefined : t('general.loading', 'Loading…')}
                >
                  {choices.map((resource) => (
                    <Option key={resource.id} value={String(resource.id)} text={resource.name}>
                      {`${resource.name} (${resource.level.path})`}
                    </Option>
                  ))}
                </Combobox>
              </Field>
              <Field label={t('devices.device.template', 'Template')} validationMessage={errors.template_id}>
                <Dropdown
                  value={
                    displayTemplates.find((template) => String(template.id) === templateId)?.name ??
                    t('devices.device.default-template', 'The default template')
                  }
                  selectedOptions={[templateId]}
                  onOptionSelect={(_event, data) => setTemplateId(data.optionValue ?? DEFAULT)}
                >
                  <Option value={DEFAULT}>
                    {t('devices.device.default-template', 'The default template')}
                  </Option>
                  {displayTemplates.map((template) => (
                    <Option key={template.id} value={String(template.id)}>
                      {template.name}
                    </Option>
                  ))}
                </Dropdown>
              </Field>
            </DialogContent>
            <DialogActions>
              <SubmitButton pending={form.pending}>
                {device ? t('general.actions.save', 'Save') : t('devices.device.register', 'Register')}
              </SubmitButton>
              <Button onClick={onClose}>{t('general.actions.cancel', 'Cancel')}</Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
