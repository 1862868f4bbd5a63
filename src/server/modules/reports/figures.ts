import type {
  BreakdownRow,
  MinAvgMaxRow,
  ReportSummary,
  ResourceRow,
  SeriesPoint,
} from '../../../shared/contract/reports';
import { intervalKey, type IntervalKey } from '../../../shared/reports/intervals';
import { cellKey, type BucketTotals, type Cell, type Totals } from './figures.queries';
import type { ScopedResource } from './scope.queries';

/**
 * The arithmetic of the occupancy figures, apart from the database so that it can be checked
 * against a direct computation. Occupancy is seat-time held over seat-time open: an exclusive
 * resource is one seat, a shared one its capacity; open time is every hour of the window on the
 * level's clock (as long as that hour really lasts) minus closures.
 */
export interface FigureInputs {
  resources: readonly ScopedResource[];
  zoneHours: Map<string, Cell[]>;
  closed: ReadonlyArray<Cell & { resource_id: number }>;
  totals: BucketTotals;
  grain: 'hour' | 'day';
}

const ZERO: Totals = { booked_s: 0, used_s: 0, bookings: 0, check_ins: 0, no_shows: 0 };
const pct = (part: number, whole: number) => (whole > 0 ? Math.round((1000 * part) / whole) / 10 : 0);
const hours = (seconds: number) => Math.round(seconds / 36) / 100;

function add(into: Totals, more: Totals): Totals {
  return {
    booked_s: into.booked_s + more.booked_s,
    used_s: into.used_s + more.used_s,
    bookings: into.bookings + more.bookings,
    check_ins: into.check_ins + more.check_ins,
    no_shows: into.no_shows + more.no_shows,
  };
}

export class Figures {
  /** open seat-seconds per resource */
  readonly capacityOf = new Map<number, number>();
  /** open seat-seconds per cell ('YYYY-MM-DD HH' or 'YYYY-MM-DD') */
  readonly capacityAt = new Map<string, number>();

  constructor(private readonly inputs: FigureInputs) {
    const key = (cell: Cell) => cellKey(cell.day, inputs.grain === 'day' ? null : cell.hour);
    const zoneSeconds = new Map<string, number>();
    for (const [zone, cells] of inputs.zoneHours)
      zoneSeconds.set(
        zone,
        cells.reduce((sum, cell) => sum + cell.seconds, 0),
      );
    const seatsByZone = new Map<string, number>();
    const seatsOf = new Map<number, number>();
    for (const resource of inputs.resources) {
      seatsOf.set(resource.id, resource.seats);
      seatsByZone.set(resource.timezone, (seatsByZone.get(resource.timezone) ?? 0) + resource.seats);
      this.capacityOf.set(resource.id, resource.seats * (zoneSeconds.get(resource.timezone) ?? 0));
    }
    for (const [zone, cells] of inputs.zoneHours) {
      const seats = seatsByZone.get(zone) ?? 0;
      for (const cell of cells) this.addAt(key(cell), seats * cell.seconds);
    }
    for (const closure of inputs.closed) {
      const seats = seatsOf.get(closure.resource_id) ?? 0;
      this.capacityOf.set(
        closure.resource_id,
        (this.capacityOf.get(closure.resource_id) ?? 0) - seats * closure.seconds,
      );
      this.addAt(key(closure), -seats * closure.seconds);
    }
  }

  private addAt(key: string, seconds: number) {
    this.capacityAt.set(key, (this.capacityAt.get(key) ?? 0) + seconds);
  }

  /** booked occupancy of one cell */
  pctAt(cell: string): number {
    return pct(this.inputs.totals.byCell.get(cell)?.booked_s ?? 0, this.capacityAt.get(cell) ?? 0);
  }

  summary(): ReportSummary {
    let totals = ZERO;
    for (const resource of this.inputs.resources)
      totals = add(totals, this.inputs.totals.byResource.get(resource.id) ?? ZERO);
    const capacity = [...this.capacityOf.values()].reduce((sum, value) => sum + value, 0);
    return {
      resources: this.inputs.resources.length,
      capacity_hours: hours(capacity),
      booked_hours: hours(totals.booked_s),
      used_hours: hours(totals.used_s),
      booked_pct: pct(totals.booked_s, capacity),
      used_pct: pct(totals.used_s, capacity),
      bookings: totals.bookings,
      check_ins: totals.check_ins,
      no_shows: totals.no_shows,
    };
  }

  byResource(): ResourceRow[] {
    return this.inputs.resources.map((resource) => {
      const totals = this.inputs.totals.byResource.get(resource.id) ?? ZERO;
      const capacity = this.capacityOf.get(resource.id) ?? 0;
      return {
        id: resource.id,
        name: resource.name,
        level_id: resource.level_id,
        level_name: resource.level_name,
        map_x: resource.map_x,
        map_y: resource.map_y,
        map_id: resource.map_id,
        booked_pct: pct(totals.booked_s, capacity),
        used_pct: pct(totals.used_s, capacity),
        bookings: totals.bookings,
        no_shows: totals.no_shows,
      };
    });
  }

  /** Per level or per resource type: the resources' figures summed, then divided. */
  breakdown(by: 'level' | 'type'): BreakdownRow[] {
    const groups = new Map<number, { name: string; totals: Totals; capacity: number }>();
    for (const resource of this.inputs.resources) {
      const id = by === 'level' ? resource.level_id : resource.type_id;
      const name = by === 'level' ? resource.level_name : resource.type_name;
      const group = groups.get(id) ?? { name, totals: ZERO, capacity: 0 };
      group.totals = add(group.totals, this.inputs.totals.byResource.get(resource.id) ?? ZERO);
      group.capacity += this.capacityOf.get(resource.id) ?? 0;
      groups.set(id, group);
    }
    return [...groups.entries()].map(([id, group]) => ({
      id,
      name: group.name,
      booked_pct: pct(group.totals.booked_s, group.capacity),
      used_pct: pct(group.totals.used_s, group.capacity),
      bookings: group.totals.bookings,
      no_shows: group.totals.no_shows,
    }));
  }

  /** Booked and real-use occupancy per interval (hour, day, week from Monday, month). */
  series(intervalId: number): SeriesPoint[] {
    const interval = intervalKey(intervalId);
    const points = new Map<string, { booked: number; used: number; capacity: number }>();
    const cells = [...this.capacityAt.keys()].sort();
    for (const cell of cells) {
      const key = pointKey(cell, interval);
      const point = points.get(key) ?? { booked: 0, used: 0, capacity: 0 };
      const totals = this.inputs.totals.byCell.get(cell) ?? ZERO;
      point.booked += totals.booked_s;
      point.used += totals.used_s;
      point.capacity += this.capacityAt.get(cell) ?? 0;
      points.set(key, point);
    }
    return [...points.entries()].map(([key, point]) => ({
      key,
      booked_pct: pct(point.booked, point.capacity),
      used_pct: pct(point.used, point.capacity),
    }));
  }

  /**
   * spec §4 min_max_average: booked occupancy of each hour of each day; per hour of the day the
   * least, mean and most over the days, and per day over its hours. Hours with nothing open (a DST
   * gap, a closure of everything) are not counted.
   */
  minAverageMax(): { by_hour: MinAvgMaxRow[]; by_day: MinAvgMaxRow[] } {
    const byHour = new Map<string, number[]>();
    const byDay = new Map<string, number[]>();
    for (const [cell, capacity] of [...this.capacityAt.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      if (capacity <= 0) continue;
      const value = pct(this.inputs.totals.byCell.get(cell)?.booked_s ?? 0, capacity);
      const [day, hour] = cell.split(' ') as [string, string | undefined];
      const hourKey = `${hour ?? '00'}:00`;
      byHour.set(hourKey, [...(byHour.get(hourKey) ?? []), value]);
      byDay.set(day, [...(byDay.get(day) ?? []), value]);
    }
    const rows = (groups: Map<string, number[]>) =>
      [...groups.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, values]) => ({
          key,
          min: Math.min(...values),
          average: Math.round((10 * values.reduce((sum, value) => sum + value, 0)) / values.length) / 10,
          max: Math.max(...values),
        }));
    return { by_hour: rows(byHour), by_day: rows(byDay) };
  }
}

/** The point a cell ('YYYY-MM-DD HH' or 'YYYY-MM-DD') belongs to. */
export function pointKey(cell: string, interval: IntervalKey): string {
  const day = cell.slice(0, 10);
  switch (interval) {
    case 'hour':
      return cell.length > 10 ? `${cell}:00` : day;
    case 'day':
      return day;
    case 'week': {
      const date = new Date(`${day}T00:00:00Z`);
      date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
      return date.toISOString().slice(0, 10);
    }
    case 'month':
      return day.slice(0, 7);
  }
}

export const percent = pct;
export const inHours = hours;
