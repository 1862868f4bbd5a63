import { Avatar, Body1, Caption1, Subtitle1 } from '@fluentui/react-components';
import {
  CalendarSync20Regular,
  Desktop20Regular,
  Globe20Regular,
  Image20Regular,
  Info20Regular,
  Key20Regular,
  Location20Regular,
  LockClosedKey20Regular,
  People20Regular,
  PersonArrowLeft20Regular,
  PersonArrowRight20Regular,
  Clock20Regular,
  Alert20Regular,
  ShieldPerson20Regular,
} from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import { useLabel } from '../../../i18n/i18n';
import { href, routeExists, type RouteName } from '../../../routing/paths';
import { useInitialData } from '../../../session/hooks';
import { AppLink } from '../../../ui/app-link';
import { useAuthorizedImage } from '../../../ui/use-authorized-image';
import { useProfile } from '../api';
import { useProfileStyles } from '../components/profile.styles';
import { FindPersonPrivacy } from '../../one-click/find-person-privacy';

interface ProfileLink {
  route: string;
  code: string;
  english: string;
  icon: ReactElement;
  /** the current value, shown beside the link */
  value?: 'language' | 'timezone' | 'country';
}

const LINKS: readonly ProfileLink[] = [
  {
    route: 'r_profile-language',
    code: 'profile.language',
    english: 'Language',
    icon: <Globe20Regular aria-hidden />,
    value: 'language',
  },
  {
    route: 'r_profile-timezone',
    code: 'profile.timezone',
    english: 'Timezone',
    icon: <Clock20Regular aria-hidden />,
    value: 'timezone',
  },
  {
    route: 'r_profile-country',
    code: 'profile.country',
    english: 'Country',
    icon: <Location20Regular aria-hidden />,
    value: 'country',
  },
  { route: 'r_profile-photo', code: 'profile.photo', english: 'Photo', icon: <Image20Regular aria-hidden /> },
  {
    route: 'r_profile-change-password',
    code: 'profile.change-password',
    english: 'Change password',
    icon: <Key20Regular aria-hidden />,
  },
  {
    route: 'r_two-factor-authentication',
    code: 'two-factor.title',
    english: 'Two-factor sign-in',
    icon: <LockClosedKey20Regular aria-hidden />,
  },
  {
    route: 'r_profile-push-notifications',
    code: 'profile.push-notifications',
    english: 'Push notifications',
    icon: <Alert20Regular aria-hidden />,
  },
  {
    route: 'r_profile-groups',
    code: 'profile.groups',
    english: 'Groups',
    icon: <People20Regular aria-hidden />,
  },
  {
    route: 'r_profile-roles',
    code: 'profile.roles',
    english: 'Roles',
    icon: <ShieldPerson20Regular aria-hidden />,
  },
  {
    route: 'r_profile-assigned-resources',
    code: 'profile.assigned-resources',
    english: 'Assigned resources',
    icon: <Desktop20Regular aria-hidden />,
  },
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
  {
    route: 'r_profile-about',
    code: 'general.about.title',
    english: 'About',
    icon: <Info20Regular aria-hidden />,
  },
];

/** spec §2 /profile: who is signed in, their settings with their current values, and the profile's screens. */
export default function ProfileScreen() {
  const styles = useProfileStyles();
  const t = useLabel();
  const session = useInitialData();
  const profile = useProfile().data;
  const photo = useAuthorizedImage(profile?.photo_url);
  const name = profile?.name ?? session?.user.name ?? '';
  const links = LINKS.filter((link): link is ProfileLink & { route: RouteName } => routeExists(link.route));
  const valueOf = (field: ProfileLink['value']): string | null => {
    if (!field || !profile || !session) return null;
    if (field === 'timezone') return profile.timezone.replace(/_/g, ' ');
    if (field === 'language')
      return session.languages.find((entry) => entry.id === profile.language_id)?.name ?? null;
    return session.countries.find((entry) => entry.id === profile.country_id)?.name ?? null;
  };

  return (
    <div className={styles.page}>
      {session && (
        <section className={styles.person} aria-label={t('profile.signed-in-as', 'Signed in as')}>
          <Avatar
            size={64}
            name={name}
            image={
              photo.url
                ? { src: photo.url, alt: t('profile.photo-of', 'Photo of {name}', { name }) }
                : undefined
            }
          />
          <Subtitle1 as="h2">{name}</Subtitle1>
          <Body1 className={styles.detail}>{profile?.email ?? session.user.email}</Body1>
        </section>
      )}
      <nav aria-label={t('profile.title', 'My profile')}>
        <ul className={styles.links}>
          {links.map((link) => {
            const value = valueOf(link.value);
            return (
              <li key={link.route}>
                <AppLink to={href(link.route)} className={styles.link}>
                  {link.icon}
                  {t(link.code, link.english)}
                </AppLink>
                {value && <Caption1 className={styles.detail}> {value}</Caption1>}
              </li>
            );
          })}
        </ul>
      </nav>
      {session && <FindPersonPrivacy />}
    </div>
  );
}
