import { Body1, Subtitle1 } from '@fluentui/react-components';
import { useRouteError } from 'react-router-dom';
import { AppLink } from '../ui/app-link';
import { useLabel } from '../i18n/i18n';

/** A screen that failed to load or render (a chunk lost after a deployment, a bug). */
export function RouteError() {
  const error = useRouteError();
  const t = useLabel();
  const message = error instanceof Error ? error.message : String(error ?? '');
  return (
    <div role="alert">
      <Subtitle1 as="h2">{t('general.errors.title', 'Something went wrong')}</Subtitle1>
      <Body1 as="p">{message}</Body1>
      <AppLink to="/home">{t('general.not-found.back-home', 'Back to home')}</AppLink>
    </div>
  );
}
