import type { GridBlock, GridRowModel } from '../grid-model';
import type { Edge, MinuteSpan } from '../grid-geometry';

/** Answers whether the booking was made; the grid shows nothing new until the caller's data does. */
export type CreateBooking = (row: GridRowModel, span: MinuteSpan) => Promise<boolean>;
export type ResizeBooking = (row: GridRowModel, block: GridBlock, span: MinuteSpan) => Promise<boolean>;
export type OpenBooking = (row: GridRowModel, block: GridBlock) => void;

/** A pointer gesture under way: free time being dragged over, or a booking's edge. */
export type Gesture =
  | { kind: 'create'; rowId: number; fromX: number; span: MinuteSpan | null; moved: boolean }
  | { kind: 'resize'; rowId: number; blockId: number; edge: Edge; fromX: number; span: MinuteSpan };

/** A keyboard selection on one row: anchor and cursor steps. */
export interface Cursor {
  rowId: number;
  anchor: number;
  cursor: number;
}

/** What rows and bookings call back through (the grid refreshes it after every render). */
export interface RowHandlers {
  onCreate: CreateBooking;
  onResize: ResizeBooking;
  onOpen: OpenBooking;
  setGesture: (gesture: Gesture | null) => void;
  setCursor: (cursor: Cursor | null) => void;
  announce: (text: string) => void;
  focusRow: (index: number) => void;
  busy: boolean;
}
