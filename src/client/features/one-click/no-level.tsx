import { Body1 } from '@fluentui/react-components';
import { useLabel } from '../../i18n/i18n';
import { href } from '../../routing/paths';
import { AppLink } from '../../ui/app-link';

/** A slots or map screen opened without its level (?level=): back to the page, whose widgets name one. */
export function NoLevel() {
  const t = useLabel();
  return (
    <Body1 role="status">
      {t('one-click.no-level', 'Open this screen from a widget.')}{' '}
      <AppLink inline to={href('r_one-click')}>
        {t('one-click.title', 'One-click')}
      </AppLink>
    </Body1>
  );
}
