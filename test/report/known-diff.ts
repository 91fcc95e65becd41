/**
 * A small diff whose every entry is known: one of each status, a SPLIT into 3 rows, a MERGED of 2
 * (with its 2 trace entries), an Arabic row, and a row of markup and bidi controls that must be
 * shown, never run or obeyed. Built by the engine itself, so the report is tested on real `data`.
 */
import { runDiff } from '../../src/engine/index';
import type { DiffConfig, DiffData } from '../../src/engine/types';
import type { TranscriptRow } from '../../src/formats/types';

export const HOSTILE = '<script>window.pwned=1</script> <img src=x onerror="window.pwned=1"> \u202Eevil text';
export const ARABIC = 'مرحبا بكم في البرنامج اليوم';

const row = (start: number, end: number, speaker: string, transcript: string): TranscriptRow => ({ start_time: start, end_time: end, speaker, transcript });

export const ORIGINAL: TranscriptRow[] = [
  row(0, 2, 'A', 'Good morning and welcome to the show.'),
  row(2, 4, 'A', 'Today we talk about the weather in the north.'),
  row(4, 9, 'B', 'Thanks for having me. It was a long trip here. The roads were icy all the way.'),
  row(9, 10, 'B', 'Um, this aside was cut entirely by the editor.'),
  row(10, 11, 'A', 'So what happened'),
  row(11, 12, 'A', 'next on the road?'),
  row(12, 14, 'C', ARABIC),
  row(14, 16, 'B', 'We finally arrived at noon.'),
];

export const REWORKED: TranscriptRow[] = [
  row(0, 2, 'A', 'Good morning and welcome to the show.'),
  row(2, 4, 'A', 'Today we talk about the weather in the far north.'),
  row(4, 5.5, 'B', 'Thanks for having me.'),
  row(5.5, 7, 'B', 'It was a long trip here.'),
  row(7, 9, 'B', 'The roads were icy all the way.'),
  row(10, 12, 'A', 'So what happened next on the road?'),
  row(12, 14, 'C', ARABIC),
  row(14, 16, 'D', 'We finally arrived at noon.'),
  row(16, 18, 'B', HOSTILE),
];

export function knownDiff(config: Partial<DiffConfig> = {}): DiffData {
  return runDiff({ original: ORIGINAL, reworked: REWORKED, config: { enableAnalysis: true, enableGroupDiff: true, ...config } });
}
