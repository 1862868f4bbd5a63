import { Body1, Button, Subtitle2 } from '@fluentui/react-components';
import { useNavigate, useParams } from 'react-router-dom';
import type { SsoConnector } from '../../../../shared/contract/sso';
import { can } from '../../../../shared/permissions/can';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { useInitialData } from '../../../session/hooks';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useSubmit } from '../../../ui/use-submit';
import { deleteSso, updateSso, useSsoConnector } from '../api';
import { fieldLabel } from '../components/field-label';
import { providerName } from '../components/provider-name';
import { SsoConnectorForm } from '../components/sso-connector-form';
import { useSsoStyles } from '../components/sso.styles';

/** spec §2 connectors-sso/list/{ssoId}: one connector, what to tell the IdP, its fields, delete. */
export default function SsoConnectorScreen() {
  const { ssoId } = useParams();
  const id = Number(ssoId);
  const t = useLabel();
  const connector = useSsoConnector(Number.isInteger(id) && id > 0 ? id : null);
  if (connector.error) return <ErrorText message={connector.error.message} />;
  if (!connector.data) return <Loader label={t('general.loading', 'Loading…')} />;
  return (
    <Connector
      connector={connector.data}
      onSaved={(saved) => void connector.mutate(saved, { revalidate: false })}
    />
  );
}

function Connector({
  connector,
  onSaved,
}: {
  connector: SsoConnector;
  onSaved: (saved: SsoConnector) => void;
}) {
  const styles = useSsoStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const session = useInitialData();
  const permissions = session?.general_permissions ?? [];
  const mayUpdate = can(permissions, ['CONNECTORS', 'update']);
  const mayDelete = can(permissions, ['CONNECTORS', 'delete']);
  const removal = useSubmit();
  const addresses = [
    [t('connectors-sso.sp-entity-id-effective', 'Identifier (Entity ID)'), connector.effective_sp_entity_id],
    [t('connectors-sso.acs-url', 'Reply URL (Assertion Consumer Service URL)'), connector.acs_url],
    [t('connectors-sso.metadata-url', 'Our metadata'), connector.metadata_url],
    [t('connectors-sso.login-url', 'Sign-on URL'), connector.login_url],
  ] as const;

  return (
    <div className={styles.page}>
      <section className={styles.section} aria-labelledby="sso-for-idp">
        <Subtitle2 as="h2" id="sso-for-idp">
          {t('connectors-sso.for-idp', 'To enter at {provider}').replace(
            '{provider}',
            providerName(connector.provider),
          )}
        </Subtitle2>
        <dl className={styles.section}>
          {addresses.map(([label, value]) => (
            <div key={label}>
              <dt>
                <Body1>{label}</Body1>
              </dt>
              <dd className={styles.detail}>
                <code>{value}</code>
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section className={styles.section} aria-labelledby="sso-fields">
        <Subtitle2 as="h2" id="sso-fields">
          {t('connectors-sso.fields', 'Fields of the sign-in answer')}
        </Subtitle2>
        <ul className={styles.rows} aria-labelledby="sso-fields">
          {connector.fields.map((field) => (
            <li key={field.id} className={styles.row}>
              <Body1>{fieldLabel(t, field.field)}</Body1>
              {mayUpdate ? (
                <AppLink to={href('r_connectors-sso-edit', { ssoId: connector.id, ssoFieldId: field.id })}>
                  <code>{field.attribute}</code>
                </AppLink>
              ) : (
                <code className={styles.detail}>{field.attribute}</code>
              )}
            </li>
          ))}
        </ul>
      </section>

      {mayUpdate && (
        <section className={styles.section} aria-labelledby="sso-settings">
          <Subtitle2 as="h2" id="sso-settings">
            {t('connectors-sso.settings', 'Identity provider')}
          </Subtitle2>
          <SsoConnectorForm
            provider={connector.provider}
            connector={connector}
            submitLabel={t('general.actions.save', 'Save')}
            onSave={async (body) => onSaved(await updateSso(connector.id, body))}
          />
        </section>
      )}

      {mayDelete && (
        <div className={styles.actions}>
          <ErrorText message={removal.failure} />
          <Button
            disabled={removal.pending}
            onClick={() =>
              void removal.run(async () => {
                await deleteSso(connector.id);
                navigate(href('r_connectors-sso'), { replace: true });
              })
            }
          >
            {t('connectors-sso.delete', 'Delete this connector')}
          </Button>
        </div>
      )}
    </div>
  );
}
