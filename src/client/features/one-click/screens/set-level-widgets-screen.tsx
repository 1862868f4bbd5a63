import { Body1, Button, Caption1 } from '@fluentui/react-components';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useSubmit } from '../../../ui/use-submit';
import { deleteLevelWidget, useLevelWidgets } from '../api';
import { useOneClickStyles } from '../one-click.styles';
import { useWidgetKind } from '../use-widget-kind';
import { widgetTitle } from '../widget-title';

/** spec §2 /one-click/settings/plan/set-plan and map/set-map: the user's plans or maps, to change or remove. */
export default function SetLevelWidgetsScreen() {
  const styles = useOneClickStyles();
  const t = useLabel();
  const kind = useWidgetKind();
  const widgets = useLevelWidgets(kind);
  const { pending, failure, run } = useSubmit();
  if (widgets.error) return <ErrorText message={errorMessage(widgets.error)} />;
  if (!widgets.data) return <Loader label={t('general.loading', 'Loading…')} />;
  const add = href(kind === 'plan' ? 'r_one-click-settings-plan-add' : 'r_one-click-settings-map-add');
  return (
    <div className={styles.page}>
      <ErrorText message={failure} />
      {widgets.data.data.length === 0 && (
        <Body1 role="status">
          {kind === 'plan'
            ? t('one-click.no-plans', 'No plans yet.')
            : t('one-click.no-maps', 'No maps yet.')}
        </Body1>
      )}
      <ul className={styles.rows}>
        {widgets.data.data.map((widget) => (
          <li key={widget.id} className={styles.row}>
            <div className={styles.rowMain}>
              <Body1>{widgetTitle(widget)}</Body1>
              <Caption1 className={styles.detail}>{widget.level_path}</Caption1>
            </div>
            <div className={styles.actions}>
              <AppLink to={`${add}?widget=${widget.id}`}>
                {t('one-click.change-level', 'Change the location of {name}', { name: widgetTitle(widget) })}
              </AppLink>
              <Button
                disabled={pending}
                onClick={() =>
                  void run(async () => {
                    await deleteLevelWidget(kind, widget.id);
                    await widgets.mutate();
                  })
                }
              >
                {t('one-click.remove-named', 'Remove {name}', { name: widgetTitle(widget) })}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <AppLink to={add}>
        {kind === 'plan' ? t('one-click.plan-add', 'Add a plan') : t('one-click.map-add', 'Add a map')}
      </AppLink>
    </div>
  );
}
