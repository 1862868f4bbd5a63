import { Dropdown, Field, Option, Switch, Textarea } from '@fluentui/react-components';
import { useId, useState, type FormEvent } from 'react';
import type { CreateSsoBody, SsoConnector, SsoProvider } from '../../../../shared/contract/sso';
import type { FieldErrors } from '../../../../shared/validation/field-errors';
import { useLabel } from '../../../i18n/i18n';
import { ErrorText } from '../../../ui/error-text';
import { FormField } from '../../../ui/form-field';
import { SubmitButton } from '../../../ui/submit-button';
import { useForm } from '../../../ui/use-form';
import { useSubmit } from '../../../ui/use-submit';
import { useSsoContainers } from '../api';
import { useSsoStyles } from './sso.styles';

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g;

/** Pasted certificates: each PEM block, or the whole text when it carries no armour (a bare base64 body). */
export function certificatesOf(text: string): string[] {
  const blocks = text.match(PEM_BLOCK);
  if (blocks) return blocks;
  const bare = text.trim();
  return bare ? [bare] : [];
}

/** Domains typed with commas, spaces or one per line. */
export function domainsOf(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((domain) => domain.trim())
    .filter(Boolean);
}

/** An item's error ('domains.1') shown at its field ('domains'). */
function atFields(errors: FieldErrors): FieldErrors {
  const shown: FieldErrors = {};
  for (const [path, messages] of Object.entries(errors)) {
    const field = path.split('.')[0] ?? path;
    shown[field] ??= messages;
  }
  return shown;
}

export interface SsoConnectorFormProps {
  provider: SsoProvider;
  connector?: SsoConnector;
  submitLabel: string;
  onSave(body: CreateSsoBody): Promise<void>;
}

/**
 * What the administrator copies from the identity provider (Entra ID: "Set up single sign-on with
 * SAML"; Google Workspace: "Custom SAML app"): its entity id, sign-in address and signing
 * certificate, plus the e-mail domains that sign in through it and what happens on a first sign-in.
 */
export function SsoConnectorForm({ provider, connector, submitLabel, onSave }: SsoConnectorFormProps) {
  const styles = useSsoStyles();
  const t = useLabel();
  const ids = { certificates: useId(), container: useId() };
  const containers = useSsoContainers();
  const form = useForm(
    {
      name: connector?.name ?? (provider === 'azure' ? 'Microsoft Entra ID' : 'Google Workspace'),
      idp_entity_id: connector?.idp_entity_id ?? '',
      sso_url: connector?.sso_url ?? '',
      idp_certificates: connector?.idp_certificates.join('\n') ?? '',
      domains: connector?.domains.join(', ') ?? '',
      sp_entity_id: connector?.sp_entity_id ?? '',
    },
    {
      name: 'required',
      idp_entity_id: 'required',
      sso_url: 'required',
      idp_certificates: 'required',
      domains: 'required',
    },
  );
  const [active, setActive] = useState(connector?.is_active ?? true);
  const [createAccounts, setCreateAccounts] = useState(connector?.create_accounts ?? false);
  const [containerId, setContainerId] = useState<number | null>(connector?.default_container_id ?? null);
  const saving = useSubmit();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.validateAll()) return;
    const values = form.values;
    void saving.run(
      () =>
        onSave({
          provider,
          name: values.name,
          is_active: active,
          idp_entity_id: values.idp_entity_id,
          sso_url: values.sso_url,
          idp_certificates: certificatesOf(values.idp_certificates),
          domains: domainsOf(values.domains),
          sp_entity_id: values.sp_entity_id.trim() || null,
          create_accounts: createAccounts,
          default_container_id: containerId,
        }),
      (errors) => form.showFieldErrors(atFields(errors)),
      { failure: 'unplaced' },
    );
  };
  const certificates = form.field('idp_certificates');
  const chosen = containers.data?.data.find((container) => container.id === containerId);

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={submitLabel}>
      <ErrorText message={saving.failure} />
      <FormField {...form.field('name')} label={t('connectors-sso.name', 'Name')} required maxLength={120} />
      <FormField
        {...form.field('idp_entity_id')}
        label={
          provider === 'azure'
            ? t('connectors-sso.idp-entity-id-azure', 'Microsoft Entra identifier')
            : t('connectors-sso.idp-entity-id-google', 'Entity ID of Google')
        }
        required
        maxLength={1024}
      />
      <FormField
        {...form.field('sso_url')}
        label={
          provider === 'azure'
            ? t('connectors-sso.sso-url-azure', 'Login URL')
            : t('connectors-sso.sso-url-google', 'SSO URL')
        }
        required
        maxLength={2048}
      />
      <Field
        label={t(
          'connectors-sso.certificates',
          'Signing certificate (Base64 / PEM); paste two during a rollover',
        )}
        required
        validationMessage={certificates.error}
        validationState={certificates.error ? 'error' : 'none'}
      >
        <Textarea
          id={ids.certificates}
          className={styles.certificate}
          name="idp_certificates"
          value={certificates.value}
          resize="vertical"
          onChange={(_event, data) => certificates.onValueChange(data.value)}
          onBlur={(event) => certificates.onCommit(event.currentTarget.value)}
        />
      </Field>
      <FormField
        {...form.field('domains')}
        label={t('connectors-sso.domains', 'E-mail domains that sign in here (comma separated)')}
        required
        maxLength={4096}
      />
      <FormField
        {...form.field('sp_entity_id')}
        label={t('connectors-sso.sp-entity-id', 'Our identifier (Entity ID) at the identity provider')}
        hint={t('connectors-sso.sp-entity-id-hint', 'Leave empty to use our metadata address.')}
        maxLength={1024}
      />
      <Switch
        checked={active}
        onChange={(_event, data) => setActive(data.checked)}
        label={t('connectors-sso.active', 'Sign-in through this identity provider is on')}
      />
      <Switch
        checked={createAccounts}
        onChange={(_event, data) => setCreateAccounts(data.checked)}
        label={t('connectors-sso.create-accounts', 'Create the account on the first sign-in')}
      />
      {createAccounts && (
        <Field label={t('connectors-sso.container', 'New accounts join the user container')}>
          <Dropdown
            id={ids.container}
            value={chosen?.name ?? ''}
            selectedOptions={containerId === null ? [] : [String(containerId)]}
            placeholder={t('connectors-sso.no-container', 'None')}
            onOptionSelect={(_event, data) =>
              setContainerId(data.optionValue ? Number(data.optionValue) : null)
            }
          >
            <Option value="">{t('connectors-sso.no-container', 'None')}</Option>
            {(containers.data?.data ?? []).map((container) => (
              <Option key={container.id} value={String(container.id)}>
                {container.name}
              </Option>
            ))}
          </Dropdown>
        </Field>
      )}
      <div className={styles.actions}>
        <SubmitButton pending={saving.pending}>{submitLabel}</SubmitButton>
      </div>
    </form>
  );
}
