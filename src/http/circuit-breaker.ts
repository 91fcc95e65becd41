/**
 * A circuit breaker for one dependency (used for Redis, decisions D3.5): after a failure the
 * dependency is left alone for `retryAfterMs`, then one call at a time probes it; a probe that
 * succeeds closes the circuit. `onOpen` and `onClose` fire once per transition, so an outage is
 * logged once, not once per request.
 */

/** Permission to call the dependency: an ordinary call, or the single probe of an open circuit. */
export type Pass = 'closed' | 'probe';

export interface CircuitBreakerOptions {
  /** How long an open circuit stays untried after its latest failure, in ms. */
  retryAfterMs: number;
  onOpen: (error: unknown) => void;
  onClose: () => void;
  /** Clock in epoch ms (tests). */
  now?: () => number;
}

export class CircuitBreaker {
  #open = false;
  #probing = false;
  #retryAt = 0;
  readonly #options: CircuitBreakerOptions;
  readonly #now: () => number;

  constructor(options: CircuitBreakerOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  /** True while the dependency is considered down. */
  get isOpen(): boolean {
    return this.#open;
  }

  /** Whether to call the dependency now; null means use the fallback without trying. */
  allow(): Pass | null {
    if (!this.#open) return 'closed';
    if (this.#probing || this.#now() < this.#retryAt) return null;
    this.#probing = true;
    return 'probe';
  }

  /**
   * A call succeeded. Only a probe closes the circuit: an ordinary call that started before the
   * outage and answered late says nothing about now.
   */
  success(pass: Pass): void {
    if (pass !== 'probe') return;
    this.#probing = false;
    if (this.#open) {
      this.#open = false;
      this.#options.onClose();
    }
  }

  /** A call failed (or the dependency reported an error): open, or keep open, the circuit. */
  failure(error: unknown, pass?: Pass): void {
    if (pass === 'probe') this.#probing = false;
    this.#retryAt = this.#now() + this.#options.retryAfterMs;
    if (!this.#open) {
      this.#open = true;
      this.#options.onOpen(error);
    }
  }

  /** The dependency says it is reachable again (e.g. reconnected): let the next call probe at once. */
  retrySoon(): void {
    this.#retryAt = 0;
  }
}
