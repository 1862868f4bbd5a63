import { Body1, Card, CardHeader, Subtitle2 } from '@fluentui/react-components';
import { useParams } from 'react-router-dom';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useInfoWidgets } from '../api';
import { useOneClickStyles } from '../one-click.styles';

/**
 * spec §2 /one-click/info: every information widget of the user's page; /one-click/{urlLinkName}:
 * the one that carries that address.
 */
export default function InfoScreen() {
  const styles = useOneClickStyles();
  const t = useLabel();
  const { urlLinkName } = useParams();
  const info = useInfoWidgets();
  if (info.error) return <ErrorText message={errorMessage(info.error)} />;
  if (!info.data) return <Loader label={t('general.loading', 'Loading…')} />;
  const shown = urlLinkName
    ? info.data.data.filter((widget) => widget.url_link_name === urlLinkName.toLowerCase())
    : info.data.data;
  return (
    <div className={styles.page}>
      {shown.length === 0 && (
        <Body1 role="status">
          {urlLinkName
            ? t('one-click.link-unknown', 'No information has this address.')
            : t('one-click.no-info', 'No information yet.')}{' '}
          <AppLink inline to={href('r_one-click-settings-info-add')}>
            {t('one-click.info-add', 'Add information')}
          </AppLink>
        </Body1>
      )}
      {shown.map((widget) => (
        <Card key={widget.id} aria-labelledby={`info-${widget.id}`}>
          <CardHeader
            header={
              <Subtitle2 as="h2" id={`info-${widget.id}`}>
                {widget.title}
              </Subtitle2>
            }
          />
          {widget.content && (
            <Body1 as="p" className={styles.text}>
              {widget.content}
            </Body1>
          )}
          {widget.url && (
            <a href={widget.url} target="_blank" rel="noopener noreferrer">
              {t('one-click.open-link', 'Open {name}', { name: widget.title })}
            </a>
          )}
        </Card>
      ))}
    </div>
  );
}
