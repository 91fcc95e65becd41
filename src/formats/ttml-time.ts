/**
 * TTML time expressions (W3C TTML2 §10.3.1) in seconds: clock time `hh:mm:ss(.fraction)`,
 * `hh:mm:ss:frames(.subframes)`, and offset time `<number><metric>` with h, m, s, ms, f (frames)
 * and t (ticks). Frames count at the document's effective frame rate, ttp:frameRate (default 30)
 * times ttp:frameRateMultiplier; ticks at ttp:tickRate (default, as TTML defines it: the
 * effective frame rate times ttp:subFrameRate where a frame rate is given, so that a tick is a
 * sub-frame even at 29.97 frames a second; else 1 a second).
 */

export interface TimeBase {
  /** Effective frames per second. */
  frameRate: number;
  subFrameRate: number;
  tickRate: number;
}

const CLOCK = /^(\d{2,}):(\d{2}):(\d{2})(?:(\.\d+)|:(\d{2,})(?:\.(\d+))?)?$/;
const OFFSET = /^(\d+(?:\.\d+)?)(h|ms|m|s|f|t)$/;

/** The time base of the root element's `ttp:` parameters; undefined with the attribute that is not a number. */
export function timeBase(attribute: (name: string) => string | undefined): TimeBase | { invalid: string } {
  const number = (name: string, fallback: number) => {
    const text = attribute(name);
    if (text === undefined) return fallback;
    const value = Number(text.trim());
    return Number.isFinite(value) && value > 0 && /^\s*\d+(?:\.\d+)?\s*$/.test(text) ? value : NaN;
  };
  const declaredFrameRate = attribute('frameRate') !== undefined;
  const frameRate = number('frameRate', 30);
  const subFrameRate = number('subFrameRate', 1);
  const multiplierText = attribute('frameRateMultiplier');
  let multiplier = 1;
  if (multiplierText !== undefined) {
    const m = /^\s*(\d+)\s+(\d+)\s*$/.exec(multiplierText);
    if (m === null || Number(m[2]) === 0) return { invalid: 'frameRateMultiplier' };
    multiplier = Number(m[1]) / Number(m[2]);
  }
  if (Number.isNaN(frameRate)) return { invalid: 'frameRate' };
  if (Number.isNaN(subFrameRate)) return { invalid: 'subFrameRate' };
  const effectiveFrameRate = frameRate * multiplier;
  const tickRate = number('tickRate', declaredFrameRate ? effectiveFrameRate * subFrameRate : 1);
  if (Number.isNaN(tickRate)) return { invalid: 'tickRate' };
  return { frameRate: effectiveFrameRate, subFrameRate, tickRate };
}

/** The seconds of a time expression, or undefined when it is not one. */
export function ttmlSeconds(text: string, base: TimeBase): number | undefined {
  const value = text.trim();
  const clock = CLOCK.exec(value);
  if (clock !== null) {
    const [, h, m, s, fraction, frames, subFrames] = clock;
    if (Number(m) >= 60 || Number(s) > 60) return undefined;
    const whole = Number(h) * 3600 + Number(m) * 60 + Number(s);
    if (frames === undefined) return fraction === undefined ? whole : Number(`${whole}${fraction}`);
    return whole + (Number(frames) + (subFrames === undefined ? 0 : Number(subFrames) / base.subFrameRate)) / base.frameRate;
  }
  const offset = OFFSET.exec(value);
  if (offset === null) return undefined;
  const n = Number(offset[1]);
  switch (offset[2]) {
    case 'h':
      return n * 3600;
    case 'm':
      return n * 60;
    case 's':
      return n;
    case 'ms':
      return n / 1000;
    case 'f':
      return n / base.frameRate;
    default:
      return n / base.tickRate;
  }
}
