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
});

/** An in-app link (client-side navigation) that looks like a Fluent link. */
export function AppLink({ className, ...props }: LinkProps) {
  const styles = useStyles();
  return <Link {...props} className={mergeClasses(styles.link, typeof className === 'string' ? className : undefined)} />;
}
