import { Button, mergeClasses } from '@fluentui/react-components';
import { Navigation24Regular, QuestionCircle24Regular, SignOut24Regular } from '@fluentui/react-icons';
import { useLocation, useNavigate } from 'react-router-dom';
import { useLabel } from '../i18n/i18n';
import { useLoggedIn } from '../session/hooks';
import { logout } from '../session/session';
import { useNearestHelp } from './help';
import { useCurrentRoute } from './route-title';
import { useShellStyles } from './shell.styles';
import { titleFontSize } from './title-size';

export function Header({ onOpenMenu }: { onOpenMenu: () => void }) {
  const styles = useShellStyles();
  const t = useLabel();
  const route = useCurrentRoute();
  const loggedIn = useLoggedIn();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const title = route ? t(route.entry.title.code, route.entry.title.english) : 'Workplace';
  const size = titleFontSize(title) as 13 | 14 | 15 | null;
  // spec §2: the help button is enabled only when help text exists for this screen (or the screen
  // it belongs to).
  const onHelpScreen = route?.isHelp === true;
  const hasHelp = useNearestHelp(route && !onHelpScreen ? pathname : null).path !== null;
  const helpLabel = t('general.header.help', 'Help');

  return (
    <header className={styles.header}>
      {loggedIn && (
        <Button
          appearance="transparent"
          className={styles.headerButton}
          icon={<Navigation24Regular />}
          aria-label={t('general.header.menu', 'Menu')}
          title={t('general.header.menu', 'Menu')}
          onClick={onOpenMenu}
        />
      )}
      <h1 className={mergeClasses(styles.title, size ? styles[`title${size}`] : undefined)}>{title}</h1>
      <Button
        appearance="transparent"
        className={styles.headerButton}
        icon={<QuestionCircle24Regular />}
        aria-label={helpLabel}
        title={helpLabel}
        disabledFocusable={!hasHelp}
        onClick={() => hasHelp && navigate(`${pathname.replace(/\/+$/, '')}/help`)}
      />
      {loggedIn && (
        <Button
          appearance="transparent"
          className={styles.headerButton}
          icon={<SignOut24Regular />}
          onClick={() => void logout()}
        >
          {t('general.header.logout', 'Log out')}
        </Button>
      )}
    </header>
  );
}
