/**
 * The wall clock (Date) standing still at a chosen instant, moved only by the test: what a
 * service computes from the time (uptime, a timestamp, a rate-limit window) is then exact, with
 * no sleep. Timers, the event loop and I/O keep running in real time.
 */
export interface FrozenDate {
  /** Moves the clock forward by `ms`. */
  advance(ms: number): void;
  /** Back to the real clock. */
  restore(): void;
}

export function frozenDate(at: number): FrozenDate {
  jest.useFakeTimers({
    now: at,
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
  return {
    advance: (ms) => jest.setSystemTime(Date.now() + ms),
    restore: () => jest.useRealTimers(),
  };
}
