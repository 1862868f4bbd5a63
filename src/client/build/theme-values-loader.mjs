// Webpack loader for src/client/ui/theme.ts: the module becomes the theme's values, computed here
// at build time, read with JSON.parse (faster for V8 than the same object literal). Fluent's theme
// construction (its palettes and the loops that turn them into tokens) then drops out of the bundle.
import { webLightTheme } from '@fluentui/tokens';

export default function themeValuesLoader() {
  return `export const theme = JSON.parse(${JSON.stringify(JSON.stringify(webLightTheme))});\n`;
}
