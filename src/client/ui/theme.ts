import { webLightTheme, type Theme } from '@fluentui/react-components';

/**
 * The product's Fluent theme: Outlook's light web theme. A production build replaces this module by
 * the theme's values as data (src/client/build/theme-values-loader.mjs): Fluent builds the theme's
 * ~460 tokens from its palettes when its module is evaluated, which cost the page's start 5–10 ms
 * of main thread before anything was drawn.
 */
export const theme: Theme = webLightTheme;
