import { Body1, makeStyles, Subtitle1, tokens } from '@fluentui/react-components';
import { useLocation } from 'react-router-dom';
import { useLabel } from '../i18n/i18n';
import { Loader } from '../ui/loader';
import { scopedHelpCss } from '../../shared/html/help-css';
import { parentOfHelp, useHelpPage, useHelpStylesheet, useNearestHelp } from './help';
import { sanitizeHtml } from './sanitize-html';

const useStyles = makeStyles({
  content: {
    color: tokens.colorNeutralForeground1,
    '& a': { color: tokens.colorBrandForegroundLink },
    '& img': { maxWidth: '100%' },
  },
});

/** spec §2: the automatic help child of every route: the help page's title and html. */
export default function HelpScreen() {
  const styles = useStyles();
  const t = useLabel();
  const { pathname } = useLocation();
  const nearest = useNearestHelp(parentOfHelp(pathname));
  const { data, error, isLoading } = useHelpPage(nearest.path);
  const stylesheet = useHelpStylesheet();
  if (nearest.isLoading || isLoading) return <Loader />;
  if (error || !data)
    return <Body1>{t('general.help-and-documents.no-help', 'No help is available for this page.')}</Body1>;
  return (
    <article aria-labelledby="help-title">
      <Subtitle1 as="h2" id="help-title">
        {data.title}
      </Subtitle1>
      {/* The platform's help stylesheet, scoped to help content (shared/html/help-css.ts). */}
      {stylesheet.data?.css ? <style>{scopedHelpCss(stylesheet.data.css)}</style> : null}
      <div
        className={`help-content ${styles.content}`}
        dangerouslySetInnerHTML={{ __html: sanitizeHtml(data.html) }}
      />
    </article>
  );
}
