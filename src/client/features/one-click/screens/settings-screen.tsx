import { Body1, Button, Caption1, Subtitle2, Switch } from '@fluentui/react-components';
import { ArrowDown20Regular, ArrowUp20Regular } from '@fluentui/react-icons';
import type { OneClickWidgets } from '../../../../shared/contract/one-click';
import type { UserWidgetName } from '../../../../shared/one-click/rules';
import { errorMessage } from '../../../api/errors';
import { useLabel, type LabelFn } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useSubmit } from '../../../ui/use-submit';
import { setPositions, setUserWidget, useWidgets } from '../api';
import { useOneClickStyles } from '../one-click.styles';
import { widgetTitle } from '../widget-title';

export const userWidgetName = (t: LabelFn, name: UserWidgetName) =>
  ({
    spacePass: t('one-click.passes', 'Your passes'),
    findPerson: t('one-click.find-person', 'Find a person'),
    persons: t('one-click.contacts', 'Contacts'),
  })[name];

/** Every widget of the page with an id, in the page's order, named as the page shows it. */
function ordered(page: OneClickWidgets, t: LabelFn) {
  return [
    ...page.plans.map((w) => ({ id: w.id, ordering: w.ordering, name: widgetTitle(w) })),
    ...page.maps.map((w) => ({ id: w.id, ordering: w.ordering, name: widgetTitle(w) })),
    ...page.info.map((w) => ({ id: w.id, ordering: w.ordering, name: w.title })),
    ...page.user_widgets.flatMap((w) =>
      w.id === null ? [] : [{ id: w.id, ordering: w.ordering, name: userWidgetName(t, w.name) }],
    ),
  ].sort((a, b) => a.ordering - b.ordering);
}

/** spec §2 /one-click/settings: the user widgets switched on and off, the page's order, and what to add. */
export default function SettingsScreen() {
  const styles = useOneClickStyles();
  const t = useLabel();
  const page = useWidgets();
  const { pending, failure, run } = useSubmit();
  if (page.error) return <ErrorText message={errorMessage(page.error)} />;
  if (!page.data) return <Loader label={t('general.loading', 'Loading…')} />;
  const rows = ordered(page.data, t);
  const move = (index: number, by: -1 | 1) => {
    const ids = rows.map((row) => row.id);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    void run(async () => page.mutate(await setPositions(ids), { revalidate: false }));
  };
  return (
    <div className={styles.page}>
      <ErrorText message={failure} />
      <section className={styles.form} aria-labelledby="one-click-sections">
        <Subtitle2 as="h2" id="one-click-sections">
          {t('one-click.sections', 'On your page')}
        </Subtitle2>
        {page.data.user_widgets.map((widget) => (
          <Switch
            key={widget.name}
            label={userWidgetName(t, widget.name)}
            checked={widget.is_active}
            disabled={pending}
            onChange={(_event, data) =>
              void run(async () =>
                page.mutate(await setUserWidget(widget.name, data.checked), { revalidate: false }),
              )
            }
          />
        ))}
      </section>
      <section className={styles.form} aria-labelledby="one-click-order">
        <Subtitle2 as="h2" id="one-click-order">
          {t('one-click.order', 'Order')}
        </Subtitle2>
        <ul className={styles.rows}>
          {rows.map((row, index) => (
            <li key={row.id} className={styles.row}>
              <Body1>{row.name}</Body1>
              <div className={styles.actions}>
                <Button
                  icon={<ArrowUp20Regular />}
                  aria-label={t('one-click.move-up', 'Move {name} up', { name: row.name })}
                  disabled={pending || index === 0}
                  onClick={() => move(index, -1)}
                />
                <Button
                  icon={<ArrowDown20Regular />}
                  aria-label={t('one-click.move-down', 'Move {name} down', { name: row.name })}
                  disabled={pending || index === rows.length - 1}
                  onClick={() => move(index, 1)}
                />
              </div>
            </li>
          ))}
        </ul>
      </section>
      <section className={styles.form} aria-labelledby="one-click-widgets">
        <Subtitle2 as="h2" id="one-click-widgets">
          {t('one-click.widgets', 'Widgets')}
        </Subtitle2>
        <div className={styles.actions}>
          <AppLink to={href('r_one-click-settings-plan-add')}>
            {t('one-click.plan-add', 'Add a plan')}
          </AppLink>
          <AppLink to={href('r_one-click-settings-set-plan')}>
            {t('one-click.set-plan', 'Your plans')}
          </AppLink>
          <AppLink to={href('r_one-click-settings-map-add')}>{t('one-click.map-add', 'Add a map')}</AppLink>
          <AppLink to={href('r_one-click-settings-set-map')}>{t('one-click.set-map', 'Your maps')}</AppLink>
          <AppLink to={href('r_one-click-settings-contacts')}>{t('one-click.contacts', 'Contacts')}</AppLink>
        </div>
        <Subtitle2 as="h3">{t('one-click.info', 'Information')}</Subtitle2>
        {page.data.info.length === 0 && <Caption1>{t('one-click.no-info', 'No information yet.')}</Caption1>}
        <ul className={styles.rows}>
          {page.data.info.map((widget) => (
            <li key={widget.id} className={styles.row}>
              <Body1>{widget.title}</Body1>
              <AppLink to={href('r_one-click-settings-info', { infoId: widget.id })}>
                {t('one-click.edit-named', 'Edit {name}', { name: widget.title })}
              </AppLink>
            </li>
          ))}
        </ul>
        <AppLink to={href('r_one-click-settings-info-add')}>
          {t('one-click.info-add', 'Add information')}
        </AppLink>
      </section>
    </div>
  );
}
