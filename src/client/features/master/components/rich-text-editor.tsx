import { Button, Label, makeStyles, tokens, Tooltip, useId } from '@fluentui/react-components';
import {
  Link20Regular,
  TextBold20Regular,
  TextBulletListLtr20Regular,
  TextClearFormatting20Regular,
  TextHeader220Regular,
  TextItalic20Regular,
  TextNumberListLtr20Regular,
} from '@fluentui/react-icons';
import { useEffect, useRef } from 'react';
import { useLabel } from '../../../i18n/i18n';
import { sanitizeHtml } from '../../../shell/sanitize-html';

const useStyles = makeStyles({
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  toolbar: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXXS },
  editor: {
    minHeight: '240px',
    padding: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    overflowWrap: 'anywhere',
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
});

/**
 * The help pages' editor: an editable area with a toolbar of Fluent buttons (bold, italic, heading, lists,
 * link, clear). What it shows is sanitised when loaded; the server sanitises what it keeps again.
 * The browser's editing commands do the formatting (nothing else edits rich text without a library).
 */
export function RichTextEditor({
  label,
  html,
  onChange,
}: {
  label: string;
  /** the content when the editor mounts (give it a key to load another) */
  html: string;
  onChange(html: string): void;
}) {
  const styles = useStyles();
  const t = useLabel();
  const area = useRef<HTMLDivElement>(null);
  const labelId = useId('editor-label');
  const initial = useRef(html);
  useEffect(() => {
    if (area.current) area.current.innerHTML = sanitizeHtml(initial.current);
  }, []);

  const tools = [
    { key: 'bold', label: t('master.editor.bold', 'Bold'), icon: <TextBold20Regular /> },
    { key: 'italic', label: t('master.editor.italic', 'Italic'), icon: <TextItalic20Regular /> },
    { key: 'heading', label: t('master.editor.heading', 'Heading'), icon: <TextHeader220Regular /> },
    {
      key: 'bullets',
      label: t('master.editor.bullets', 'Bulleted list'),
      icon: <TextBulletListLtr20Regular />,
    },
    {
      key: 'numbers',
      label: t('master.editor.numbers', 'Numbered list'),
      icon: <TextNumberListLtr20Regular />,
    },
    { key: 'link', label: t('master.editor.link', 'Link'), icon: <Link20Regular /> },
    {
      key: 'clear',
      label: t('master.editor.clear', 'Clear formatting'),
      icon: <TextClearFormatting20Regular />,
    },
  ] as const;
  const linkPrompt = t('master.editor.link-address', 'Link address (https://… or /path)');

  const apply = (key: (typeof tools)[number]['key']) => {
    const element = area.current;
    if (!element) return;
    element.focus();
    const run = (command: string, value?: string) => document.execCommand(command, false, value);
    if (key === 'bold' || key === 'italic') run(key);
    else if (key === 'heading') run('formatBlock', 'h2');
    else if (key === 'bullets') run('insertUnorderedList');
    else if (key === 'numbers') run('insertOrderedList');
    else if (key === 'clear') {
      run('removeFormat');
      run('formatBlock', 'p');
    } else {
      const address = window.prompt(linkPrompt)?.trim();
      if (address && /^(https?:|mailto:|\/(?!\/))/i.test(address)) run('createLink', address);
    }
    onChange(element.innerHTML);
  };

  return (
    <div className={styles.group} role="group" aria-labelledby={labelId}>
      <Label id={labelId}>{label}</Label>
      {/* A plain toolbar of buttons: Fluent's Toolbar adds focus sentinels axe reads as hidden focusable elements. */}
      <div role="toolbar" aria-label={t('master.editor.toolbar', 'Formatting')} className={styles.toolbar}>
        {tools.map((tool) => (
          <Tooltip key={tool.key} content={tool.label} relationship="label">
            <Button
              appearance="subtle"
              size="small"
              icon={tool.icon}
              aria-label={tool.label}
              onClick={() => apply(tool.key)}
            />
          </Tooltip>
        ))}
      </div>
      <div
        ref={area}
        className={styles.editor}
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelId}
        tabIndex={0}
        onInput={(event) => onChange(event.currentTarget.innerHTML)}
      />
    </div>
  );
}
