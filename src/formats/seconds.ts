/**
 * Times written as text: the plain decimals of STM, CSV, Transcriber, ELAN and AWS Transcribe,
 * and the clock times of subtitles and spreadsheets.
 */

const UNSIGNED_DECIMAL = /^(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * The value of a time written as an unsigned decimal number (`12`, `12.5`, `.5`, `12.`): seconds,
 * or milliseconds where the format says so. Undefined for anything else: a sign, an exponent, a
 * decimal comma or surrounding spaces are not how these formats write times, so they are errors.
 */
export function unsignedDecimal(text: string): number | undefined {
  return UNSIGNED_DECIMAL.test(text) ? Number(text) : undefined;
}

/**
 * The seconds of a clock time written `hours:minutes:seconds.fraction` (each part as its decimal
 * digits; `fraction` may be empty). The fraction is appended as text rather than added, so that
 * `0:00:01.1` is exactly the double 1.1 and equal times in two files compare equal.
 */
export function clockSeconds(hours: string, minutes: string, seconds: string, fraction = ''): number {
  const whole = Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds);
  return fraction === '' ? whole : Number(`${whole}.${fraction}`);
}
