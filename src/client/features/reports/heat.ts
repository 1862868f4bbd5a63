import {
  occupancyBand,
  type BookingPreferences,
  type OccupancyBand,
} from '../../../shared/booking/preferences';

/** Black or white, whichever reads better on `hex` (WCAG relative luminance). */
export function inkOn(hex: string): string {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) ? '#000000' : '#ffffff';
}

/** A heat marker's colours: the occupancy band's preference colour (spec §3 preferences). */
export function heatOf(
  percent: number,
  preferences: BookingPreferences,
): { band: OccupancyBand; background: string; ink: string } {
  const band = occupancyBand(percent, preferences);
  const background = preferences.colors[band];
  return { band, background, ink: inkOn(background) };
}
