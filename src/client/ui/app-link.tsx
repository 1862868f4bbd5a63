import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Link, type LinkProps } from 'react-router-dom';

const useStyles = makeStyles({
  link: {
    color: tokens.colorBrandForegroundLink,
    textDecorationLine: 'none',
    borderRadius: tokens.borderRadiusSmall,
    ':hover': { color: tokens.colorBrandForegroundLinkHover, textDecorationLine: 'underline' },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
    '@media (forced-colors: active)': { color: 'LinkText' },
  },
  // Inside a sentence the colour alone does not tell a link from its text (WCAG 1.4.1).
  inline: { textDecorationLine: 'underline' },
});

/**
 * An in-app link (client-side navigation) that looks like a Fluent link; `inline` for one inside
 * running text, which is underlined like Fluent's own inline links.
 */
export function AppLink({ className, inline = false, ...props }: LinkProps & { inline?: boolean }) {
  const styles = useStyles();
  return (
    <Link
      {...props}
      className={mergeClasses(
        styles.link,
        inline && styles.inline,
        typeof className === 'string' ? className : undefined,
      )}
    />
  );
}
