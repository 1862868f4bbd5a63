import { useLabel } from '../i18n/i18n';

/** The add-in's public support page (the manifests' SupportUrl), beside the pane on its origin. */
const SUPPORT_PAGE = 'addin-support.html';

/**
 * The pane menu's help: the support page in the user's browser, not in the pane (a page of its own,
 * with no way back in a memory router). Office.js is the pane's alone, so it loads on the click.
 */
export function PaneHelpLink({ className }: { className: string }) {
  const t = useLabel();
  const url = new URL(SUPPORT_PAGE, window.location.href).href;
  return (
    <a
      className={className}
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      onClick={(event) => {
        event.preventDefault();
        void import('../office/office').then(({ openInBrowser }) => openInBrowser(url));
      }}
    >
      {t('outlook.menu-help', 'Help and support')}
    </a>
  );
}
