import { useNavigate, useParams } from 'react-router-dom';
import { SsoProvider } from '../../../../shared/contract/sso';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { ErrorText } from '../../../ui/error-text';
import { createSso } from '../api';
import { providerName } from '../components/provider-name';
import { SsoConnectorForm } from '../components/sso-connector-form';

/** spec §2 connectors-sso/{ssoId}/add: {ssoId} is the variant, azure or google. */
export default function SsoConnectorAddScreen() {
  const { ssoId } = useParams();
  const t = useLabel();
  const navigate = useNavigate();
  const provider = SsoProvider.safeParse(ssoId);
  if (!provider.success)
    return (
      <ErrorText
        message={t('connectors-sso.unknown-provider', 'This kind of single sign-on does not exist.')}
      />
    );
  return (
    <SsoConnectorForm
      provider={provider.data}
      submitLabel={t(
        `connectors-sso.add-${provider.data}`,
        `Add ${providerName(provider.data)} single sign-on`,
      )}
      onSave={async (body) => {
        const created = await createSso(body);
        navigate(href('r_connectors-sso-list', { ssoId: created.id }), { replace: true });
      }}
    />
  );
}
