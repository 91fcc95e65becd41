/**
 * What every transcript format adapter shares: the rows it gives (the contract's row objects,
 * spec §2.2), the error it throws for a file it cannot read, and its own description.
 *
 * Adapters are plain modules: bytes in, rows out. No file system, terminal or environment inside
 * them, so the command-line tool, the service and the browser viewer can all share them.
 */

/**
 * One row of a transcript as the API takes it. Only what the format carries is set: a format
 * with no speakers gives rows with no `speaker` key at all (a `null` speaker would turn SACR
 * from null into 0), and times are seconds from the start of the recording.
 */
export interface TranscriptRow {
  transcript: string;
  speaker?: string;
  start_time?: number;
  end_time?: number;
  non_speech_events?: string;
  /**
   * The utterance's id in formats that name each utterance (sclite trn, Kaldi text): rows of two
   * files that both carry ids are paired by it (config.pairBy), and it is not compared.
   */
  utterance_id?: string;
}

/** Where in the input a problem lies: a 1-based line (and column), or a JSON path such as `segments[3].text`. */
export interface SourceLocation {
  /** A file other than the one being read (Kaldi's `segments` beside its `text`). */
  file?: string;
  line?: number;
  column?: number;
  path?: string;
}

/** The input is not a valid file of the format: what was expected, and where. */
export class FormatError extends Error {
  constructor(
    message: string,
    readonly location: SourceLocation = {},
  ) {
    super(message);
    this.name = 'FormatError';
  }
}

/** Something kept but worth telling the user (the tool prints these on stderr). */
export interface FormatWarning {
  message: string;
  location: SourceLocation;
}

export interface ReadResult {
  rows: TranscriptRow[];
  warnings: FormatWarning[];
}

/** Options some formats take; each adapter reads only its own and ignores the rest. */
export interface ReadOptions {
  /** CSV/TSV: row field → header name, e.g. `{ transcript: 'Text', speaker: 'Who' }`. */
  map?: Partial<Record<keyof TranscriptRow, string>>;
  /** SubRip/WebVTT: read a leading `NAME:` of a cue as its speaker. */
  speakerPrefix?: boolean;
  /** ELAN: tier ids to read (symbolic tiers included when named); default every time-aligned tier. */
  tiers?: string[];
  /** CTM: a pause longer than this many seconds between two words of a channel starts a new row (default 1). */
  ctmGap?: number;
  /** SegLST: the session to read; Label Studio: the task id. Needed when the file holds several. */
  session?: string;
  /** Kaldi text: the `segments` file giving each utterance's times, and its name for messages. */
  segments?: { name: string; bytes: Uint8Array };
  /** JSON request bodies: which side of `{original, reworked}` to read. */
  side?: 'original' | 'reworked';
}

/** The names users give formats on the command line (`--format NAME`). */
export type FormatName =
  | 'json'
  | 'csv'
  | 'tsv'
  | 'srt'
  | 'vtt'
  | 'ass'
  | 'stm'
  | 'textgrid'
  | 'eaf'
  | 'trs'
  | 'whisper'
  | 'assemblyai'
  | 'deepgram'
  | 'rev'
  | 'aws'
  | 'ctm'
  | 'trn'
  | 'kaldi'
  | 'seglst'
  | 'ttml'
  | 'sbv'
  | 'labelstudio';

export interface FormatAdapter {
  name: FormatName;
  /** One line for `--help` and error messages, e.g. `SubRip subtitles (.srt)`. */
  title: string;
  /** File name endings, lower case with the dot, e.g. `['.srt']`; JSON-based formats share `.json`. */
  extensions: string[];
  /** Whole file names that name the format without an extension (Kaldi's `text`). */
  fileNames?: string[];
  /** True when the decoded text looks like this format (cheap: the start of the file suffices). */
  sniff(text: string): boolean;
  /** The rows of the file, in document order (formats with several tiers or speakers: by start time). Throws FormatError. */
  read(bytes: Uint8Array, options?: ReadOptions): ReadResult;
}
