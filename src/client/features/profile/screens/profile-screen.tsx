import { Body1, Subtitle1 } from '@fluentui/react-components';
import {
  CalendarSync20Regular,
  PersonArrowLeft20Regular,
  PersonArrowRight20Regular,
} from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import { useLabel } from '../../../i18n/i18n';
import { href, routeExists } from '../../../routing/table';
import { useInitialData } from '../../../session/hooks';
import { AppLink } from '../../../ui/app-link';
import { useProfileStyles } from '../components/profile.styles';

interface ProfileLink {
  route: string;
  code: string;
  english: string;
  icon: ReactElement;
}

const LINKS: readonly ProfileLink[] = [
  {
    route: 'r_profile-my-delegates',
    code: 'profile.my-delegates',
    english: 'My delegates',
    icon: <PersonArrowRight20Regular aria-hidden />,
  },
  {
    route: 'r_profile-delegated-by',
    code: 'profile.delegated-by',
    english: 'Delegated by',
    icon: <PersonArrowLeft20Regular aria-hidden />,
  },
  // The connectors feature's screens: linked while the route table has them.
  {
    route: 'r_profile-sync-with-outlook',
    code: 'profile.sync-with-outlook',
    english: 'Sync with Outlook',
    icon: <CalendarSync20Regular aria-hidden />,
  },
  {
    route: 'r_profile-sync-with-google',
    code: 'profile.sync-with-google',
    english: 'Sync with Google',
    icon: <CalendarSync20Regular aria-hidden />,
  },
];

/** spec §2 /profile: who is signed in, and the profile's screens. */
export default function ProfileScreen() {
  const styles = useProfileStyles();
  const t = useLabel();
  const user = useInitialData()?.user;

  return (
    <div className={styles.page}>
      {user && (
        <section className={styles.person} aria-label={t('profile.signed-in-as', 'Signed in as')}>
          <Subtitle1 as="h2">{user.name}</Subtitle1>
          <Body1 className={styles.detail}>{user.email}</Body1>
        </section>
      )}
      <nav aria-label={t('profile.title', 'My profile')}>
        <ul className={styles.links}>
          {LINKS.filter((link) => routeExists(link.route)).map((link) => (
            <li key={link.route}>
              <AppLink to={href(link.route)} className={styles.link}>
                {link.icon}
                {t(link.code, link.english)}
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
