import fc from 'fast-check';
import { detectFormat, FORMATS, formatNamed, formatNames, readTranscript } from '../../src/formats';
import { jsonFormat } from '../../src/formats/json';
import { FormatError, type FormatName, type TranscriptRow } from '../../src/formats/types';
import { fixtureBytes, formatErrorOf, utf8 } from './helpers';

// Every name of the FormatName union, once: the type makes a missing or an unknown name a compile error.
const EVERY_NAME = {
  json: true,
  csv: true,
  tsv: true,
  srt: true,
  vtt: true,
  ass: true,
  stm: true,
  textgrid: true,
  eaf: true,
  trs: true,
  whisper: true,
  assemblyai: true,
  deepgram: true,
  rev: true,
  aws: true,
  ctm: true,
  trn: true,
  kaldi: true,
  seglst: true,
  ttml: true,
  sbv: true,
  labelstudio: true,
} satisfies Record<FormatName, true>;

const HELLO: TranscriptRow = { transcript: 'hello', speaker: 'A', start_time: 0, end_time: 1 };

/** A small valid file of each format, and the row it holds. */
const SAMPLES: Record<FormatName, { file: string; row: TranscriptRow }> = {
  json: { file: '[{"transcript": "hello", "speaker": "A", "start_time": 0, "end_time": 1}]', row: HELLO },
  csv: { file: 'speaker,start,end,transcript\nA,0,1,hello\n', row: HELLO },
  tsv: { file: 'speaker\tstart\tend\ttranscript\nA\t0\t1\thello\n', row: HELLO },
  srt: { file: '1\n00:00:00,000 --> 00:00:01,000\nhello\n', row: { transcript: 'hello', start_time: 0, end_time: 1 } },
  vtt: { file: 'WEBVTT\n\n00:00.000 --> 00:01.000\n<v A>hello\n', row: HELLO },
  ass: {
    file: '[Script Info]\nScriptType: v4.00+\n\n[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\nDialogue: 0,0:00:00.00,0:00:01.00,Default,A,0,0,0,,hello\n',
    row: HELLO,
  },
  stm: { file: 'rec 1 A 0.0 1.0 <o,f0,male> hello\n', row: HELLO },
  textgrid: { file: 'File type = "ooTextFile"\nObject class = "TextGrid"\n\n0\n1\n<exists>\n1\n"IntervalTier"\n"A"\n0\n1\n1\n0\n1\n"hello"\n', row: HELLO },
  eaf: {
    file: [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<ANNOTATION_DOCUMENT AUTHOR="" DATE="2024-01-01T00:00:00+00:00" FORMAT="3.0" VERSION="3.0">',
      '<HEADER MEDIA_FILE="" TIME_UNITS="milliseconds"/>',
      '<TIME_ORDER><TIME_SLOT TIME_SLOT_ID="ts1" TIME_VALUE="0"/><TIME_SLOT TIME_SLOT_ID="ts2" TIME_VALUE="1000"/></TIME_ORDER>',
      '<TIER LINGUISTIC_TYPE_REF="default-lt" PARTICIPANT="A" TIER_ID="tier-1"><ANNOTATION><ALIGNABLE_ANNOTATION ANNOTATION_ID="a1" TIME_SLOT_REF1="ts1" TIME_SLOT_REF2="ts2"><ANNOTATION_VALUE>hello</ANNOTATION_VALUE></ALIGNABLE_ANNOTATION></ANNOTATION></TIER>',
      '<LINGUISTIC_TYPE GRAPHIC_REFERENCES="false" LINGUISTIC_TYPE_ID="default-lt" TIME_ALIGNABLE="true"/>',
      '</ANNOTATION_DOCUMENT>',
    ].join('\n'),
    row: HELLO,
  },
  trs: {
    file: [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<!DOCTYPE Trans SYSTEM "trans-14.dtd">',
      '<Trans scribe="test" version="1"><Speakers><Speaker id="spk1" name="A"/></Speakers>',
      '<Episode><Section type="report" startTime="0" endTime="1"><Turn speaker="spk1" startTime="0" endTime="1"><Sync time="0"/>hello</Turn></Section></Episode></Trans>',
    ].join('\n'),
    row: HELLO,
  },
  whisper: {
    file: '{"task": "transcribe", "language": "english", "duration": 1, "text": "hello", "segments": [{"id": 0, "seek": 0, "start": 0, "end": 1, "text": " hello"}]}',
    row: { transcript: 'hello', start_time: 0, end_time: 1 },
  },
  assemblyai: {
    file: '{"id": "t1", "status": "completed", "audio_url": "https://example.com/a.mp3", "text": "hello", "utterances": [{"speaker": "A", "start": 0, "end": 1000, "text": "hello"}]}',
    row: HELLO,
  },
  deepgram: {
    file: '{"metadata": {"request_id": "r1"}, "results": {"channels": [{"alternatives": [{"transcript": "hello"}]}], "utterances": [{"start": 0, "end": 1, "transcript": "hello", "speaker": 0}]}}',
    row: { ...HELLO, speaker: '0' },
  },
  rev: { file: '{"monologues": [{"speaker": 0, "speaker_name": "A", "elements": [{"type": "text", "value": "hello", "ts": 0, "end_ts": 1}]}]}', row: HELLO },
  aws: {
    file: JSON.stringify({
      jobName: 'j1',
      status: 'COMPLETED',
      results: {
        transcripts: [{ transcript: 'hello' }],
        items: [{ type: 'pronunciation', start_time: '0.0', end_time: '1.0', alternatives: [{ content: 'hello', confidence: '0.99' }] }],
        speaker_labels: { speakers: 1, segments: [{ speaker_label: 'A', start_time: '0.0', end_time: '1.0', items: [{ speaker_label: 'A', start_time: '0.0', end_time: '1.0' }] }] },
      },
    }),
    row: HELLO,
  },
  ctm: { file: ';; a comment\nrec 1 0.0 1.0 hello 0.9 lex A\n', row: HELLO },
  trn: { file: 'hello (A_001)\n', row: { transcript: 'hello', utterance_id: 'A_001' } },
  kaldi: { file: 'A_001 hello\n', row: { transcript: 'hello', utterance_id: 'A_001' } },
  seglst: { file: '[{"session_id": "s1", "speaker": "A", "start_time": 0, "end_time": 1, "words": "hello"}]', row: HELLO },
  ttml: {
    file: [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttm="http://www.w3.org/ns/ttml#metadata" xml:lang="en">',
      '<head><metadata><ttm:agent xml:id="a" type="person"><ttm:name type="full">A</ttm:name></ttm:agent></metadata></head>',
      '<body><div><p begin="0s" end="1s" ttm:agent="a">hello</p></div></body></tt>',
    ].join('\n'),
    row: HELLO,
  },
  sbv: { file: '0:00:00.000,0:00:01.000\nhello\n', row: { transcript: 'hello', start_time: 0, end_time: 1 } },
  labelstudio: {
    file: JSON.stringify([
      {
        id: 1,
        data: { audio: 'a.wav' },
        annotations: [
          {
            id: 1,
            result: [
              { id: 'r1', type: 'labels', from_name: 'speaker', to_name: 'audio', value: { start: 0, end: 1, labels: ['A'] } },
              { id: 'r1', type: 'textarea', from_name: 'transcription', to_name: 'audio', value: { start: 0, end: 1, text: ['hello'] } },
            ],
          },
        ],
      },
    ]),
    row: HELLO,
  },
};

/** The name a sample is saved under: the format's first extension, or its whole file name. */
const sampleName = (name: string) => {
  const format = formatNamed(name);
  return format.extensions[0] !== undefined ? `sample${format.extensions[0]}` : `data/${format.fileNames?.[0] ?? ''}`;
};

const NAMES = 'whisper, assemblyai, deepgram, rev, aws, seglst, labelstudio, json, csv, tsv, srt, vtt, ass, stm, textgrid, eaf, trs, ctm, trn, kaldi, ttml, sbv';
const PROVIDERS: FormatName[] = ['whisper', 'assemblyai', 'deepgram', 'rev', 'aws'];
const formatOf = (name: string) => formatNamed(name);

describe('the format registry', () => {
  it('has exactly one adapter for every format name', () => {
    expect(formatNames().sort()).toEqual(Object.keys(EVERY_NAME).sort());
    expect(formatNames().join(', ')).toBe(NAMES);
  });

  it('gives every adapter lower-case dotted extensions', () => {
    for (const format of FORMATS) for (const extension of format.extensions) expect(extension).toMatch(/^\.[a-z0-9]+$/);
  });

  it('accepts each sample by its own adapter only', () => {
    for (const [name, { file }] of Object.entries(SAMPLES)) {
      expect({ name, accepted: FORMATS.filter((format) => format.sniff(file)).map((format) => format.name) }).toEqual({ name, accepted: [name] });
    }
  });

  it('detects each sample from each of its usual extensions, in any case, and from its content alone', () => {
    for (const [name, { file }] of Object.entries(SAMPLES)) {
      const bytes = utf8(file);
      for (const extension of formatOf(name).extensions) {
        expect([name, detectFormat(`sample${extension}`, bytes).name]).toEqual([name, name]);
        expect([name, detectFormat(`Sample${extension.toUpperCase()}`, bytes).name]).toEqual([name, name]);
      }
      for (const fileName of formatOf(name).fileNames ?? []) expect([name, detectFormat(`data/${fileName}`, bytes).name]).toEqual([name, name]);
      // Kaldi's text is any "id words" line: only its file name tells it apart.
      if (formatOf(name).extensions.length === 0) continue;
      expect([name, detectFormat('sample.txt', bytes).name]).toEqual([name, name]);
      expect([name, detectFormat('sample', bytes).name]).toEqual([name, name]);
    }
    expect(detectFormat('interview.TextGrid', utf8(SAMPLES.textgrid.file)).name).toBe('textgrid');
  });

  it('reads each sample to its row', () => {
    for (const [name, { file, row }] of Object.entries(SAMPLES)) {
      const { format, rows } = readTranscript(sampleName(name), utf8(file));
      expect({ format, rows }).toEqual({ format: name, rows: [row] });
    }
  });

  describe('provider JSON and JSON rows', () => {
    it('never takes a provider export for rows', () => {
      for (const name of PROVIDERS) {
        expect([name, jsonFormat.sniff(SAMPLES[name].file)]).toEqual([name, false]);
        expect([name, detectFormat('export.json', utf8(SAMPLES[name].file)).name]).toEqual([name, name]);
      }
    });

    it('never takes rows or a request body for a provider export, whatever the rows hold (property)', () => {
      const value = fc.oneof(fc.string(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constant(null));
      // Row fields named like the keys the provider sniffs look for.
      const key = fc.constantFrom('segments', 'utterances', 'monologues', 'results', 'items', 'text', 'start', 'end', 'speaker', 'words');
      const row = fc.tuple(fc.string(), fc.dictionary(key, value, { maxKeys: 4 })).map(([transcript, extra]) => ({ ...extra, transcript }));
      const rows = fc.array(row, { maxLength: 4 });
      const file = fc.oneof(
        rows,
        fc.record({ original: rows, reworked: rows }),
        fc.record({ original: rows }),
      ).map((value) => JSON.stringify(value, null, 1));
      fc.assert(
        fc.property(file, (text) => {
          expect(detectFormat('rows.json', utf8(text)).name).toBe('json');
          expect(detectFormat('rows', utf8(text)).name).toBe('json');
        }),
      );
    });

    it('reads a JSON file no adapter recognises as rows, whose error says what it holds', () => {
      const error = formatErrorOf(() => readTranscript('export.json', utf8('{"text": "hi", "segments": []}')));
      expect(error.message).toBe('expected an array of row objects or a request body {original, reworked}, found an object with the keys text, segments');
      expect(error.location).toEqual({ path: '(top level)' });
    });

    it('reports a damaged provider export at the line of its syntax error', () => {
      const damaged = SAMPLES.whisper.file.replace('"end": 1,', '"end": 1,,').replace('{"id"', '\n{"id"');
      const error = formatErrorOf(() => readTranscript('whisper.json', utf8(damaged)));
      expect(error.message).toMatch(/^the file is not valid JSON: expected a property name/);
      expect(error.location.line).toBe(2);
    });
  });

  describe('formatNamed', () => {
    it('finds a format by its name, whatever the case', () => {
      expect(formatNamed('SRT').name).toBe('srt');
      expect(formatNamed(' stm ').name).toBe('stm');
      expect(formatNamed('AssemblyAI').name).toBe('assemblyai');
      expect(formatNamed('TextGrid').name).toBe('textgrid');
    });

    it('lists the formats when the name is unknown', () => {
      expect(formatNamed.bind(null, 'docx')).toThrow(new FormatError(`no format is called "docx": the formats are ${NAMES}`));
      expect(formatErrorOf(() => readTranscript('a.srt', utf8(SAMPLES.srt.file), { format: 'subrip' })).message).toBe(`no format is called "subrip": the formats are ${NAMES}`);
    });
  });

  describe('detectFormat', () => {
    it('reads an sclite file that holds only comments (a recogniser that heard nothing) as the format its name says, with no rows', () => {
      for (const name of ['stm', 'ctm', 'trn'] as const) {
        expect([name, readTranscript(`empty.${name}`, utf8(';; no speech in this file\n')).format]).toEqual([name, name]);
      }
    });

    it('refuses an extension that the content contradicts, saying how to name the format', () => {
      const srt = formatErrorOf(() => detectFormat('captions.srt', utf8(SAMPLES.vtt.file)));
      expect([srt.message, srt.location]).toEqual(['expected a cue number or a timing line such as 00:00:01,000 --> 00:00:02,500 (the content looks like vtt: if it is, pass --format vtt)', { line: 1 }]);
      const vtt = formatErrorOf(() => detectFormat('captions.vtt', utf8(SAMPLES.srt.file)));
      expect([vtt.message, vtt.location]).toEqual(['expected the line WEBVTT at the start of the file (the content looks like srt: if it is, pass --format srt)', { line: 1 }]);
      expect(formatErrorOf(() => detectFormat('rows.json', utf8(SAMPLES.csv.file))).message).toMatch(/^the file is not valid JSON.*\(the content looks like csv: if it is, pass --format csv\)$/);
    });

    it('says which formats exist when neither the name nor the content tells', () => {
      expect(formatErrorOf(() => detectFormat('notes.txt', utf8('Meeting notes. Monday\n\nAll fine.\n'))).message).toBe(
        `cannot tell the format from the name or the content: name the format with --format NAME (${NAMES})`,
      );
    });

    it('does not guess a CSV from one line of an unknown extension: a header with no rows is not a transcript', () => {
      const oneLine = formatErrorOf(() => detectFormat('line.txt', utf8('Text, as said, by the speaker\n')));
      expect([oneLine.message, oneLine.location]).toEqual([
        `cannot tell the format from the name or the content: one line, which could be a csv header with no rows, a trn utterance or plain text; name the format with --format NAME (${NAMES})`,
        { line: 1 },
      ]);
      expect(detectFormat('rows.txt', utf8('Text, as said, by the speaker\nhello,a,b,c\n')).name).toBe('csv');
      expect(detectFormat('rows.csv', utf8('Text, as said, by the speaker\n')).name).toBe('csv');
    });

    it('lets the adapter of the extension report a damaged file at its line', () => {
      expect(detectFormat('broken.srt', utf8('Hello\n')).name).toBe('srt');
      expect(formatErrorOf(() => readTranscript('broken.srt', utf8('Hello\n'))).location).toEqual({ line: 1 });
      const json = formatErrorOf(() => readTranscript('broken.json', utf8('{"original": [\n  {"transcript": "a"\n]}')));
      expect(json.location).toEqual({ line: 3, column: 1 });
      const invalidUtf8 = new Uint8Array([...utf8('1\n00:00:00,000 --> 00:00:01,000\n'), 0xff, 0x0a]);
      expect(formatErrorOf(() => readTranscript('bytes.srt', invalidUtf8)).location).toEqual({ line: 3 });
      const cutShort = new Uint8Array([0xff, 0xfe, ...utf8('W')]);
      expect(formatErrorOf(() => readTranscript('cut.vtt', cutShort)).message).toMatch(/odd number of bytes/);
    });
  });

  describe('readTranscript', () => {
    it('reads in the format named, over the extension and the content, passing the options on', () => {
      const result = readTranscript('export.txt', utf8('Who,Said\nA,hi\n'), { format: 'csv', map: { transcript: 'Said', speaker: 'Who' } });
      expect(result).toEqual({ format: 'csv', rows: [{ transcript: 'hi', speaker: 'A' }], warnings: [] });
      expect(readTranscript('captions.srt', utf8(SAMPLES.vtt.file), { format: 'vtt' }).rows).toEqual([SAMPLES.vtt.row]);
      // Named JSON rows, a Whisper export is read as rows, and says it holds none.
      expect(formatErrorOf(() => readTranscript('segments.json', utf8(SAMPLES.whisper.file), { format: 'json' })).message).toMatch(/^expected an array of row objects/);
    });

    it('reads the side of a request body', () => {
      const body = utf8(JSON.stringify({ original: [{ transcript: 'a' }], reworked: [{ transcript: 'b' }] }));
      expect(readTranscript('body.json', body, { side: 'reworked' }).rows).toEqual([{ transcript: 'b' }]);
    });
  });
});

describe('the registry on real files', () => {
  const kallaamaTrs = (stage: 'raw' | 'checked') => fixtureBytes('kallaama', stage, 'wol_41014.trs');

  it('detects and reads the subtitle, STM and TSV files', () => {
    const lattifai = readTranscript('Introducing_GPT-4o_GroundTruth.ass', fixtureBytes('lattifai', 'Introducing_GPT-4o_GroundTruth.ass'));
    expect([lattifai.format, lattifai.rows.length]).toEqual(['ass', 53]);
    const kallaama = readTranscript('wol_41014.stm', fixtureBytes('kallaama', 'raw', 'wol_41014.stm'));
    expect([kallaama.format, kallaama.rows.length]).toEqual(['stm', 19]);
    const nist = readTranscript('test.arb2004.txt.stm', fixtureBytes('nist-sctk', 'test.arb2004.txt.stm'));
    expect([nist.format, nist.rows.length]).toEqual(['stm', 33]);
    const tsv = readTranscript('WikiNewsMax.tsv', fixtureBytes('camel-wild-diacritics', 'WikiNewsMax.tsv'), { map: { transcript: 'max_gold' } });
    expect([tsv.format, tsv.rows.length]).toEqual(['tsv', 174]);
  });

  it('detects kallaama wol_41014.trs, draft and checked, by its extension and by its content alone', () => {
    for (const stage of ['raw', 'checked'] as const) {
      const bytes = kallaamaTrs(stage);
      expect([stage, detectFormat('wol_41014.trs', bytes).name, detectFormat('wol_41014.xml', bytes).name]).toEqual([stage, 'trs', 'trs']);
      expect(readTranscript('wol_41014', bytes).rows).toHaveLength(53);
    }
  });

  it('detects the same file saved as ISO-8859-1, by its extension and by its content alone, and reads the same rows', () => {
    for (const stage of ['raw', 'checked'] as const) {
      const utf8Bytes = kallaamaTrs(stage);
      const text = new TextDecoder().decode(utf8Bytes).replace("encoding='UTF-8'", "encoding='ISO-8859-1'");
      expect(text).toMatch(/^<\?xml version='1.0' encoding='ISO-8859-1'\?>/);
      const latin1 = Uint8Array.from(text, (c) => c.charCodeAt(0));
      expect(() => new TextDecoder('utf-8', { fatal: true }).decode(latin1)).toThrow();
      for (const name of ['wol_41014.trs', 'wol_41014.TRS', 'wol_41014']) {
        const read = readTranscript(name, latin1);
        expect([name, read.format]).toEqual([name, 'trs']);
        expect(read.rows).toEqual(readTranscript('wol_41014.trs', utf8Bytes).rows);
      }
    }
  });

  it('detects a primock57 TextGrid by its .TextGrid extension and by its content, in UTF-8 and in UTF-16', () => {
    const bytes = fixtureBytes('primock57', 'day3_consultation06_doctor.TextGrid');
    const text = new TextDecoder().decode(bytes);
    const utf16 = new Uint8Array(2 + text.length * 2);
    utf16.set([0xff, 0xfe]);
    for (let k = 0; k < text.length; k++) utf16.set([text.charCodeAt(k) & 0xff, text.charCodeAt(k) >> 8], 2 + 2 * k);
    for (const file of [bytes, utf16]) {
      for (const name of ['day3_consultation06_doctor.TextGrid', 'day3_consultation06_doctor.textgrid', 'day3_consultation06_doctor']) {
        const read = readTranscript(name, file);
        expect([name, read.format, read.rows.length, read.rows[0]?.speaker]).toEqual([name, 'textgrid', 29, 'Speaker']);
      }
    }
    expect(readTranscript('x.TextGrid', utf16).rows).toEqual(readTranscript('x.TextGrid', bytes).rows);
  });
});
