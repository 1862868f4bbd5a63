/**
 * Preloaded into the e2e server process when a journey controls the clock (startServer({ clock })):
 * the process's wall clock (Date, and so the embedded database's now(), which reads it) runs at the
 * time the test sets, from then on at the normal pace. Timers and monotonic clocks are untouched.
 * The test sets the time over the IPC channel: { type: 'set-clock', at: epochMillis }.
 */
const RealDate = Date;
let offset = 0;

class ShiftedDate extends RealDate {
  constructor(
    ...args: [] | [string | number | Date] | [number, number, number?, number?, number?, number?, number?]
  ) {
    if (args.length === 0) super(RealDate.now() + offset);
    else super(...(args as [number, number]));
  }

  static override now(): number {
    return RealDate.now() + offset;
  }
}

globalThis.Date = ShiftedDate as DateConstructor;

process.on('message', (message: { type?: string; at?: number }) => {
  if (message.type !== 'set-clock' || typeof message.at !== 'number') return;
  offset = message.at - RealDate.now();
  process.send?.({ type: 'clock-set', at: message.at });
});
