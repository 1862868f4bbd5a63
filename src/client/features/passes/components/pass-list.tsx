import {
  Badge,
  Body1,
  Caption1,
  Card,
  CardHeader,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Subtitle2,
  Text,
  tokens,
} from '@fluentui/react-components';
import { TicketDiagonal24Regular } from '@fluentui/react-icons';
import type { SpacePass } from '../../../../shared/contract/passes';
import { errorMessage } from '../../../api/errors';
import { useLabel, type LabelFn } from '../../../i18n/i18n';
import type { When } from '../../../i18n/format-when';
import { useWhen } from '../../../i18n/use-when';
import { href, routeExists } from '../../../routing/paths';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { usePasses } from '../api';
import { bookingDay, bookingTime, type DayName } from '../booking-time';
import { STATUS_BADGE, statusText } from '../pass-status';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '640px' },
  day: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  items: { listStyleType: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.spacingVerticalS },
  meta: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  icon: { color: tokens.colorBrandForeground1 },
});

const dayTitle = (t: LabelFn, day: DayName) =>
  day.kind === 'today'
    ? t('passes.today', 'Today')
    : day.kind === 'tomorrow'
      ? t('passes.tomorrow', 'Tomorrow')
      : day.text;

/** My passes grouped by day, today first (the server answers them soonest first). */
export default function PassList() {
  const styles = useStyles();
  const t = useLabel();
  const when = useWhen();
  const passes = usePasses();
  if (passes.error) return <ErrorText message={errorMessage(passes.error)} />;
  if (!passes.data) return <Loader label={t('general.loading', 'Loading…')} />;
  if (passes.data.data.length === 0)
    return (
      <MessageBar intent="info">
        <MessageBarBody>
          {t('passes.empty', 'You have no bookings to come, so no space passes.')}{' '}
          {routeExists('r_plan') && (
            <AppLink inline to={href('r_plan')}>
              {t('passes.book', 'Book a place')}
            </AppLink>
          )}
        </MessageBarBody>
      </MessageBar>
    );

  const now = new Date();
  const days: Array<{ key: string; title: string; passes: SpacePass[] }> = [];
  for (const pass of passes.data.data) {
    const title = dayTitle(t, bookingDay(pass, when, now));
    const last = days.at(-1);
    if (last?.title === title) last.passes.push(pass);
    else days.push({ key: `${pass.id}`, title, passes: [pass] });
  }

  return (
    <div className={styles.list}>
      {days.map((day) => (
        <section key={day.key} className={styles.day} aria-label={day.title}>
          <Subtitle2 as="h2">{day.title}</Subtitle2>
          <ul className={styles.items}>
            {day.passes.map((pass) => (
              <li key={pass.id}>
                <PassCard pass={pass} when={when} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function PassCard({ pass, when }: { pass: SpacePass; when: When }) {
  const styles = useStyles();
  const t = useLabel();
  return (
    <Card>
      <CardHeader
        image={<TicketDiagonal24Regular aria-hidden className={styles.icon} />}
        header={
          <AppLink to={href('r_pass', { pass_id: pass.id })}>
            <Text weight="semibold">{t('passes.open', 'Pass for {name}', { name: pass.resource.name })}</Text>
          </AppLink>
        }
        action={
          <Badge appearance="tint" color={STATUS_BADGE[pass.status]}>
            {statusText(t, pass.status)}
          </Badge>
        }
      />
      <div className={styles.meta}>
        <Body1>{bookingTime(pass, when)}</Body1>
        <Caption1>
          {[pass.resource.type, ...pass.levels.map((level) => level.name)].filter(Boolean).join(' · ')}
        </Caption1>
      </div>
    </Card>
  );
}
