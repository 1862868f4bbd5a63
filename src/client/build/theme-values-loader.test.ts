import { webLightTheme } from '@fluentui/tokens';
import { describe, expect, it } from 'vitest';
import themeValuesLoader from './theme-values-loader.mjs';

describe('theme-values-loader', () => {
  it('turns ui/theme.ts into a module whose theme holds every token of Fluent’s light web theme', async () => {
    const source = themeValuesLoader();
    const module = (await import(`data:text/javascript,${encodeURIComponent(source)}`)) as {
      theme: Record<string, string | number>;
    };
    expect(module.theme).toEqual(webLightTheme);
    expect(Object.keys(module.theme)).toContain('colorBrandBackground');
  });
});
