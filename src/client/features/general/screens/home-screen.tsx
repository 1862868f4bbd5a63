import {
  Body1,
  Card,
  CardHeader,
  makeStyles,
  Subtitle1,
  Subtitle2,
  tokens,
} from '@fluentui/react-components';
import { can } from '../../../../shared/permissions/can';
import { calendarDateIn } from '../../../../shared/time/calendar-date';
import { isCompanyContext } from '../../../api/environment';
import { useLabel } from '../../../i18n/i18n';
import { useWhen } from '../../../i18n/use-when';
import { useSurface } from '../../../routing/surface';
import { useRouteTable } from '../../../routing/table-context';
import { useInitialData, useMenuPreferences } from '../../../session/hooks';
import { menuHref, menuRoutes } from '../../../shell/menu-items';
import { AppLink } from '../../../ui/app-link';
import { useHomeSummary, useUpcomingBookings } from '../home/api';
import { useHomeStyles } from '../home/home.styles';
import { TeamCard } from '../home/team-card';
import { UpcomingCard } from '../home/upcoming-card';
import { UsualDeskCard } from '../home/usual-desk-card';

const useStyles = makeStyles({
  modules: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalL,
    margin: 0,
    paddingInlineStart: 0,
    listStyleType: 'none',
  },
});

/**
 * spec §2 welcome, as a personal home: my bookings of today and the next days with check-in, my
 * usual desk in one tap, who of my team is in (for people who book: PLAN), then my modules.
 */
export default function HomeScreen() {
  const styles = useStyles();
  const home = useHomeStyles();
  const t = useLabel();
  const session = useInitialData();
  const preferences = useMenuPreferences();
  const surface = useSurface();
  const table = useRouteTable();
  const books = !!session?.company && isCompanyContext() && can(session.general_permissions, 'PLAN');
  const today = books ? calendarDateIn(session.user.timezone ?? 'UTC') : null;
  const summary = useHomeSummary(books);
  const upcoming = useUpcomingBookings(today);
  const when = useWhen();
  if (!session) return null;
  const modules = menuRoutes(table, {
    surface,
    company: isCompanyContext(),
    session,
    preferences,
  }).filter(({ entry }) => entry.name !== 'r_home');
  const refresh = () => {
    void upcoming.mutate();
    void summary.mutate();
  };
  return (
    <div className={home.page}>
      <div>
        <Subtitle1 as="h2">
          {t('general.home.welcome', 'Welcome, {name}', { name: session.user.name })}
        </Subtitle1>
        <Body1 as="p">
          {session.company ? session.company.name : t('general.menu.master', 'Platform administration')}
        </Body1>
      </div>
      {books && (
        <div className={home.cards}>
          <UpcomingCard bookings={upcoming.data?.data} when={when} onChanged={refresh} />
          <UsualDeskCard resource={summary.data?.usual_resource ?? null} onBooked={refresh} />
          <TeamCard team={summary.data?.team_in} when={when} />
        </div>
      )}
      <Card aria-labelledby="home-modules">
        <CardHeader
          header={
            <Subtitle2 as="h3" id="home-modules">
              {t('general.home.subtitle', 'What would you like to do today?')}
            </Subtitle2>
          }
        />
        <nav aria-labelledby="home-modules">
          <ul className={styles.modules}>
            {modules.map((route) => (
              <li key={route.entry.name}>
                <AppLink to={menuHref(route)}>{t(route.entry.title.code, route.entry.title.english)}</AppLink>
              </li>
            ))}
          </ul>
        </nav>
      </Card>
    </div>
  );
}
