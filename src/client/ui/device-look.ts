import { makeStyles, tokens } from '@fluentui/react-components';
import { useEffect } from 'react';
import { authPaths } from '../../shared/contract/auth';
import type { LabelsBody } from '../../shared/contract/reference';
import type { Accent } from '../../shared/devices/devices';
import { api } from '../api/client';
import { apiPrefix } from '../api/environment';
import { addLabels } from '../i18n/i18n';

/**
 * A device template's look on a public device page (room display, reception kiosk): its accent as
 * a light band of the theme's palette under dark text, so every accent keeps the theme's contrast.
 */
export const useAccentStyles = makeStyles({
  brand: { backgroundColor: tokens.colorBrandBackground2, borderLeftColor: tokens.colorBrandStroke1 },
  teal: {
    backgroundColor: tokens.colorPaletteTealBackground2,
    borderLeftColor: tokens.colorPaletteTealBorderActive,
  },
  berry: {
    backgroundColor: tokens.colorPaletteBerryBackground2,
    borderLeftColor: tokens.colorPaletteBerryBorderActive,
  },
  marigold: {
    backgroundColor: tokens.colorPaletteMarigoldBackground2,
    borderLeftColor: tokens.colorPaletteMarigoldBorderActive,
  },
  forest: {
    backgroundColor: tokens.colorPaletteForestBackground2,
    borderLeftColor: tokens.colorPaletteForestBorderActive,
  },
  steel: {
    backgroundColor: tokens.colorPaletteSteelBackground2,
    borderLeftColor: tokens.colorPaletteSteelBorderActive,
  },
});

export function useAccentClass(accent: Accent | undefined): string | undefined {
  const styles = useAccentStyles();
  return accent ? styles[accent] : undefined;
}

/**
 * A device page speaks its template's language whatever the browser's: it loads that language's
 * labels (the sign-in labels call: public, every label) once the page knows it.
 */
export function useDeviceLanguage(locale: string | undefined): void {
  useEffect(() => {
    if (!locale) return;
    const language = locale.split(/[-_]/)[0]!;
    api
      .get<LabelsBody>(authPaths(apiPrefix()).labels(language), { silent: true, noRefresh: true })
      .then((answer) => addLabels(language, answer.labels))
      .catch(() => {
        // The page keeps the labels it has (English defaults at worst).
      });
  }, [locale]);
}
