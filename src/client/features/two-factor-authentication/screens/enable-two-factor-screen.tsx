import { useNavigate } from 'react-router-dom';
import { href } from '../../../routing/paths';
import { enableTwoFactor, startTwoFactorSetup } from '../api';
import { AuthenticatorSetup } from '../components/authenticator-setup';

/** spec §2 enable-2fa. */
export default function EnableTwoFactorScreen() {
  const navigate = useNavigate();
  return (
    <AuthenticatorSetup
      start={startTwoFactorSetup}
      confirm={enableTwoFactor}
      onDone={() => navigate(href('r_two-factor-authentication'))}
    />
  );
}
