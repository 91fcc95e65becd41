/**
 * Sentence rows from a provider's timed words, for exports that have no speaker turns and no
 * sentence units of their own (AWS Transcribe without speaker labels, Deepgram without utterances
 * or paragraphs, AssemblyAI without utterances or sentences).
 *
 * A sentence ends after a word ending in terminal punctuation (optionally followed by a closing
 * quote or bracket), and wherever the speaker changes. Abbreviations such as "Dr." end a sentence
 * too: the providers' own sentence units are preferred wherever the export has them.
 */
import { orderedRow } from './row-fields';
import type { TranscriptRow } from './types';

/** A word as the provider gives it, its punctuation attached; times in seconds. */
export interface TimedWord {
  text: string;
  start?: number;
  end?: number;
  speaker?: string;
}

const SENTENCE_END = /[.!?…。！？]["'”’»)\]]*$/;

/** One row per sentence, with the first word's start and the last word's end where the words have times. */
export function sentenceRows(words: TimedWord[]): TranscriptRow[] {
  const rows: TranscriptRow[] = [];
  let sentence: TimedWord[] = [];
  const close = () => {
    if (sentence.length === 0) return;
    rows.push(
      orderedRow({
        transcript: sentence.map((word) => word.text).join(' '),
        speaker: sentence[0]?.speaker,
        start_time: sentence.find((word) => word.start !== undefined)?.start,
        end_time: [...sentence].reverse().find((word) => word.end !== undefined)?.end,
      }),
    );
    sentence = [];
  };
  for (const word of words) {
    if (word.text.trim() === '') continue;
    if (sentence.length > 0 && word.speaker !== sentence[0]?.speaker) close();
    sentence.push({ ...word, text: word.text.trim() });
    if (SENTENCE_END.test(word.text.trim())) close();
  }
  close();
  return rows;
}
