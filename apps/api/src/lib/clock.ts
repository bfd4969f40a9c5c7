/**
 * The application's clock. Everything timed (workshop completion, reminders, sweeps) asks it for the
 * time instead of calling `new Date()`, so tests move time forward instead of sleeping.
 */
export interface Clock {
  now(): Date;
}

export interface TestableClock extends Clock {
  /** Pin the clock to an instant (tests); `null` returns it to real time. */
  set(instant: Date | null): void;
  /** Move a pinned clock (or real time, by pinning it) forward. */
  advance(ms: number): void;
}

export function createClock(): TestableClock {
  let pinned: Date | null = null;
  return {
    now: () => (pinned ? new Date(pinned.getTime()) : new Date()),
    set(instant) {
      pinned = instant ? new Date(instant.getTime()) : null;
    },
    advance(ms) {
      pinned = new Date((pinned ?? new Date()).getTime() + ms);
    },
  };
}
