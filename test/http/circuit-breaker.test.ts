/** The circuit breaker behind the Redis fallback: one open and one close per outage, one probe at a time. */
import { CircuitBreaker } from '../../src/http/circuit-breaker';

function breaker() {
  let now = 1_000;
  const events: string[] = [];
  const b = new CircuitBreaker({
    retryAfterMs: 500,
    onOpen: (error) => events.push(`open:${(error as Error).message}`),
    onClose: () => events.push('close'),
    now: () => now,
  });
  return { b, events, advance: (ms: number) => (now += ms) };
}

describe('circuit breaker', () => {
  it('closed: every call goes through and nothing is reported', () => {
    const { b, events } = breaker();
    expect([b.allow(), b.allow()]).toEqual(['closed', 'closed']);
    b.success('closed');
    expect(events).toEqual([]);
    expect(b.isOpen).toBe(false);
  });

  it('many failures in one outage open it once; no call until the retry time, then a single probe', () => {
    const { b, events, advance } = breaker();
    b.failure(new Error('ECONNREFUSED'));
    b.failure(new Error('ECONNREFUSED again'));
    b.failure(new Error('still down'));
    expect(events).toEqual(['open:ECONNREFUSED']);
    expect(b.allow()).toBeNull();
    advance(499);
    expect(b.allow()).toBeNull();
    advance(1);
    expect(b.allow()).toBe('probe');
    expect(b.allow()).toBeNull(); // the probe is still out
    b.success('probe');
    expect(events).toEqual(['open:ECONNREFUSED', 'close']);
    expect(b.allow()).toBe('closed');
  });

  it('a failed probe keeps it open without a second report, and pushes the next probe back', () => {
    const { b, events, advance } = breaker();
    b.failure(new Error('down'));
    advance(500);
    expect(b.allow()).toBe('probe');
    b.failure(new Error('still down'), 'probe');
    expect(b.allow()).toBeNull();
    advance(500);
    expect(b.allow()).toBe('probe');
    expect(events).toEqual(['open:down']);
  });

  it('a late success of a call made before the outage does not close it', () => {
    const { b, events } = breaker();
    const early = b.allow();
    b.failure(new Error('down'));
    b.success(early as 'closed');
    expect(b.isOpen).toBe(true);
    expect(events).toEqual(['open:down']);
  });

  it('retrySoon lets the next call probe at once (the client reconnected)', () => {
    const { b } = breaker();
    b.failure(new Error('down'));
    expect(b.allow()).toBeNull();
    b.retrySoon();
    expect(b.allow()).toBe('probe');
  });
});
