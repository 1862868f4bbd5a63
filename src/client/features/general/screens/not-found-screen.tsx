import { Body1 } from '@fluentui/react-components';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { useLoggedIn } from '../../../session/hooks';
import { AppLink } from '../../../ui/app-link';

/** spec §2/§8: unknown paths and routes the user may not open end here. The header says "Page not found". */
export default function NotFoundScreen() {
  const t = useLabel();
  const loggedIn = useLoggedIn();
  return (
    <>
      <Body1 as="p">
        {t('general.not-found.description', 'The page does not exist or you are not allowed to see it.')}
      </Body1>
      {loggedIn ? (
        <AppLink to={href('r_home')}>{t('general.not-found.back-home', 'Back to home')}</AppLink>
      ) : (
        <AppLink to={href('r_login')}>
          {t('general.password-forgot.back-to-login', 'Back to sign in')}
        </AppLink>
      )}
    </>
  );
}
