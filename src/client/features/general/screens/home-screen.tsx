import { Body1, makeStyles, Subtitle1, tokens } from '@fluentui/react-components';
import { isCompanyContext } from '../../../api/environment';
import { useLabel } from '../../../i18n/i18n';
import { RESOLVED_ROUTES } from '../../../routing/table';
import { useSurface } from '../../../routing/surface';
import { useInitialData, useMenuPreferences } from '../../../session/hooks';
import { menuRoutes } from '../../../shell/menu-items';
import { AppLink } from '../../../ui/app-link';

const useStyles = makeStyles({
  modules: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    paddingInlineStart: 0,
    listStyleType: 'none',
  },
});

/** spec §2 welcome: who is signed in, for which company, and the modules they can open. */
export default function HomeScreen() {
  const styles = useStyles();
  const t = useLabel();
  const session = useInitialData();
  const preferences = useMenuPreferences();
  const surface = useSurface();
  if (!session) return null;
  const modules = menuRoutes(RESOLVED_ROUTES, {
    surface,
    company: isCompanyContext(),
    session,
    preferences,
  }).filter(({ entry }) => entry.name !== 'r_home');
  return (
    <>
      <Subtitle1 as="h2">
        {t('general.home.welcome', 'Welcome, {name}', { name: session.user.name })}
      </Subtitle1>
      <Body1 as="p">
        {session.company ? session.company.name : t('general.menu.master', 'Platform administration')}
      </Body1>
      <nav aria-labelledby="home-modules">
        <Subtitle1 as="h3" id="home-modules">
          {t('general.home.subtitle', 'What would you like to do today?')}
        </Subtitle1>
        <ul className={styles.modules}>
          {modules.map(({ entry, fullPath }) => (
            <li key={entry.name}>
              <AppLink to={fullPath}>{t(entry.title.code, entry.title.english)}</AppLink>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
