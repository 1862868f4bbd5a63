import { Body1, Button, Caption1, Card, CardHeader, Spinner, Subtitle2 } from '@fluentui/react-components';
import { useNavigate } from 'react-router-dom';
import type { Contact, InfoWidget, LevelWidget, UserWidget } from '../../../../shared/contract/one-click';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useSubmit } from '../../../ui/use-submit';
import { useBookingPreferences } from '../../preferences/use-booking-preferences';
import { spanOf } from '../../plan/slot-picker';
import { bookOneTap, useContacts, usePeriods, useWidgets } from '../api';
import { useOneClickStyles } from '../one-click.styles';
import { widgetTitle } from '../widget-title';

type Shown =
  | { kind: 'plan'; ordering: number; widget: LevelWidget }
  | { kind: 'map'; ordering: number; widget: LevelWidget }
  | { kind: 'info'; ordering: number; widget: InfoWidget }
  | { kind: 'user'; ordering: number; widget: UserWidget };

/**
 * spec §2 /one-click: the user's page of one-tap widgets in their order: plans that book the
 * default slot with one tap, maps, information, passes, find-person, and the contacts.
 */
export default function OneClickScreen() {
  const styles = useOneClickStyles();
  const t = useLabel();
  const page = useWidgets();
  if (page.error) return <ErrorText message={errorMessage(page.error)} />;
  if (!page.data) return <Loader label={t('general.loading', 'Loading…')} />;
  const { plans, maps, info, user_widgets: users, persons } = page.data;
  const shown: Shown[] = [
    ...plans.map((widget) => ({ kind: 'plan' as const, ordering: widget.ordering, widget })),
    ...maps.map((widget) => ({ kind: 'map' as const, ordering: widget.ordering, widget })),
    ...info.map((widget) => ({ kind: 'info' as const, ordering: widget.ordering, widget })),
    ...users
      .filter((widget) => widget.id !== null && widget.is_active)
      .map((widget) => ({ kind: 'user' as const, ordering: widget.ordering, widget })),
  ].sort((a, b) => a.ordering - b.ordering);
  return (
    <div className={styles.page} style={{ maxWidth: '100%' }}>
      <div className={styles.actions}>
        <AppLink to={href('r_one-click-settings')}>{t('one-click.settings', 'One-click settings')}</AppLink>
        <AppLink to={href('r_one-click-info')}>{t('one-click.info', 'Information')}</AppLink>
      </div>
      {plans.length === 0 && maps.length === 0 && info.length === 0 && (
        <Body1>
          {t('one-click.empty', 'Add a plan to book your usual slot in one tap.')}{' '}
          <AppLink inline to={href('r_one-click-settings-plan-add')}>
            {t('one-click.plan-add', 'Add a plan')}
          </AppLink>
        </Body1>
      )}
      <div className={styles.grid}>
        {persons.is_active && <ContactsCard />}
        {shown.map((item) =>
          item.kind === 'plan' ? (
            <PlanCard key={item.widget.id} widget={item.widget} />
          ) : item.kind === 'map' ? (
            <MapCard key={item.widget.id} widget={item.widget} />
          ) : item.kind === 'info' ? (
            <InfoCard key={item.widget.id} widget={item.widget} />
          ) : (
            <UserCard key={item.widget.id} widget={item.widget} />
          ),
        )}
      </div>
    </div>
  );
}

function WidgetCard({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Card aria-labelledby={id}>
      <CardHeader
        header={
          <Subtitle2 as="h2" id={id}>
            {title}
          </Subtitle2>
        }
      />
      {children}
    </Card>
  );
}

/** One tap books the next period of the user's default slot on the level, then shows the pass. */
function PlanCard({ widget }: { widget: LevelWidget }) {
  const styles = useOneClickStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const { preferences } = useBookingPreferences();
  const periods = usePeriods(widget.level_id, null);
  const { pending, failure, run } = useSubmit();
  const next = periods.data && periods.data.next !== null ? periods.data.slots[periods.data.next] : null;
  const book = () =>
    void run(async () => {
      const booked = await bookOneTap(widget.id);
      const first = booked.data[0];
      if (first) await navigate(href('r_pass', { pass_id: first.id }));
    });
  const name = widgetTitle(widget);
  return (
    <WidgetCard id={`one-click-plan-${widget.id}`} title={name}>
      <Caption1 className={styles.detail}>{widget.level_path}</Caption1>
      {!periods.data || !preferences ? (
        periods.error ? (
          <ErrorText message={errorMessage(periods.error)} />
        ) : (
          <Spinner size="tiny" label={t('general.loading', 'Loading…')} />
        )
      ) : next ? (
        <Body1>{t('one-click.next-period', 'Next: {from}–{to} today', spanOf([next], preferences))}</Body1>
      ) : (
        <Body1 role="status">{t('one-click.no-period', 'Nothing left to book today.')}</Body1>
      )}
      <ErrorText message={failure} />
      <div className={styles.actions}>
        <Button
          appearance="primary"
          size="large"
          disabled={pending || !next}
          aria-busy={pending || undefined}
          icon={pending ? <Spinner size="tiny" aria-hidden /> : undefined}
          onClick={book}
        >
          {t('one-click.book-now', 'Book {name} now', { name })}
        </Button>
        <AppLink to={`${href('r_one-click-slots')}?level=${widget.level_id}&widget=${widget.id}`}>
          {t('one-click.other-slots', 'Other slots')}
        </AppLink>
      </div>
    </WidgetCard>
  );
}

function MapCard({ widget }: { widget: LevelWidget }) {
  const styles = useOneClickStyles();
  const t = useLabel();
  return (
    <WidgetCard id={`one-click-map-${widget.id}`} title={widgetTitle(widget)}>
      <Caption1 className={styles.detail}>{widget.level_path}</Caption1>
      <AppLink to={`${href('r_one-click-map-page')}?level=${widget.level_id}`}>
        {t('one-click.open-map', 'Open the map of {name}', { name: widgetTitle(widget) })}
      </AppLink>
    </WidgetCard>
  );
}

function InfoCard({ widget }: { widget: InfoWidget }) {
  const styles = useOneClickStyles();
  const t = useLabel();
  return (
    <WidgetCard id={`one-click-info-${widget.id}`} title={widget.title}>
      {widget.content && (
        <Body1 as="p" className={styles.text}>
          {widget.content}
        </Body1>
      )}
      <div className={styles.actions}>
        {widget.url && (
          <a href={widget.url} target="_blank" rel="noopener noreferrer">
            {t('one-click.open-link', 'Open {name}', { name: widget.title })}
          </a>
        )}
        {widget.url_link_name && (
          <AppLink to={href('r_one-click-link', { urlLinkName: widget.url_link_name })}>
            {t('one-click.own-page', 'Its own page')}
          </AppLink>
        )}
      </div>
    </WidgetCard>
  );
}

function UserCard({ widget }: { widget: UserWidget }) {
  const t = useLabel();
  if (widget.name === 'spacePass')
    return (
      <WidgetCard id={`one-click-user-${widget.id}`} title={t('one-click.passes', 'Your passes')}>
        <AppLink to={href('r_pass')}>{t('one-click.open-passes', 'Open your space passes')}</AppLink>
      </WidgetCard>
    );
  return (
    <WidgetCard id={`one-click-user-${widget.id}`} title={t('one-click.find-person', 'Find a person')}>
      <AppLink to={href('r_one-click-find-person')}>
        {t('one-click.find-person-hint', 'See where a colleague sits today')}
      </AppLink>
    </WidgetCard>
  );
}

function ContactsCard() {
  const styles = useOneClickStyles();
  const t = useLabel();
  const contacts = useContacts();
  return (
    <WidgetCard id="one-click-contacts" title={t('one-click.contacts', 'Contacts')}>
      {contacts.error ? (
        <ErrorText message={errorMessage(contacts.error)} />
      ) : !contacts.data ? (
        <Spinner size="tiny" label={t('general.loading', 'Loading…')} />
      ) : contacts.data.data.length === 0 ? (
        <Body1>{t('one-click.no-contacts', 'Keep the colleagues you look for here.')}</Body1>
      ) : (
        <ul className={styles.rows}>
          {contacts.data.data.map((contact: Contact) => (
            <li key={contact.id} className={styles.row}>
              <Body1>{contact.name}</Body1>
              {contact.findable ? (
                <AppLink to={`${href('r_one-click-person-map')}?person=${contact.id}`}>
                  {t('one-click.where-is', 'Where is {name}?', { name: contact.name })}
                </AppLink>
              ) : (
                <Caption1 className={styles.detail}>{t('one-click.not-findable', 'Not shown')}</Caption1>
              )}
            </li>
          ))}
        </ul>
      )}
      <AppLink to={href('r_one-click-settings-contacts')}>
        {t('one-click.edit-contacts', 'Edit contacts')}
      </AppLink>
    </WidgetCard>
  );
}
