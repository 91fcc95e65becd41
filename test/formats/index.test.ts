import { detectFormat, FORMATS, formatNamed, readTranscript } from '../../src/formats';
import { FormatError } from '../../src/formats/types';
import { evalDataBytes, formatErrorOf, utf8 } from './helpers';

/** A small valid file of each format. */
const SAMPLES: Record<string, string> = {
  json: '[{"transcript": "hello", "speaker": "A"}]',
  csv: 'speaker,start,end,transcript\nA,0,1,hello\n',
  tsv: 'speaker\tstart\tend\ttranscript\nA\t0\t1\thello\n',
  srt: '1\n00:00:00,000 --> 00:00:01,000\nhello\n',
  vtt: 'WEBVTT\n\n00:00.000 --> 00:01.000\n<v A>hello\n',
  ass: '[Script Info]\nScriptType: v4.00+\n\n[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\nDialogue: 0,0:00:00.00,0:00:01.00,Default,A,0,0,0,,hello\n',
  stm: 'rec 1 A 0.0 1.0 <o,f0,male> hello\n',
};
const NAMES = 'json, csv, tsv, srt, vtt, ass, stm';

describe('the format registry', () => {
  it('lists each adapter once, with lower-case dotted extensions', () => {
    const names = FORMATS.map((format) => format.name);
    expect(new Set(names).size).toBe(names.length);
    for (const format of FORMATS) for (const extension of format.extensions) expect(extension).toMatch(/^\.[a-z0-9]+$/);
  });

  it('has a sample for every adapter, and each sample is accepted by its own adapter only', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(FORMATS.map((format) => format.name).sort());
    for (const [name, text] of Object.entries(SAMPLES)) {
      expect({ name, accepted: FORMATS.filter((format) => format.sniff(text)).map((format) => format.name) }).toEqual({ name, accepted: [name] });
    }
  });

  it('reads every sample to the same row', () => {
    for (const [name, text] of Object.entries(SAMPLES)) {
      const { format, rows } = readTranscript(`sample.${name}`, utf8(text), { side: 'original' });
      expect(format).toBe(name);
      expect({ name, transcript: rows[0]?.transcript, speaker: rows[0]?.speaker }).toEqual({ name, transcript: 'hello', speaker: name === 'srt' ? undefined : 'A' });
    }
  });

  describe('formatNamed', () => {
    it('finds a format by its name, whatever the case', () => {
      expect(formatNamed('SRT').name).toBe('srt');
      expect(formatNamed(' stm ').name).toBe('stm');
    });

    it('lists the formats when the name is unknown', () => {
      expect(formatNamed.bind(null, 'docx')).toThrow(new FormatError(`no format is called "docx": the formats are ${NAMES}`));
    });
  });

  describe('detectFormat', () => {
    it('goes by the extension, whatever its case, confirmed by the content', () => {
      expect(detectFormat('Episode 1.SRT', utf8(SAMPLES.srt)).name).toBe('srt');
      expect(detectFormat('old.ssa', utf8(SAMPLES.ass)).name).toBe('ass');
      expect(detectFormat('rows.JSON', utf8(SAMPLES.json)).name).toBe('json');
    });

    it('refuses an extension that the content contradicts, saying how to name the format', () => {
      expect(formatErrorOf(() => detectFormat('captions.srt', utf8(SAMPLES.vtt))).message).toBe(
        `captions.srt is named like srt but its content looks like vtt: name the format with --format NAME (${NAMES})`,
      );
    });

    it('detects a file with an unknown extension from its content alone', () => {
      expect(detectFormat('segments.txt', utf8(SAMPLES.stm)).name).toBe('stm');
      expect(detectFormat('no-extension', utf8(SAMPLES.vtt)).name).toBe('vtt');
    });

    it('says which formats exist when neither the name nor the content tells', () => {
      expect(formatErrorOf(() => detectFormat('notes.txt', utf8('Meeting notes, Monday.\n'))).message).toBe(
        `cannot tell the format of notes.txt from its name or its content: name the format with --format NAME (${NAMES})`,
      );
    });

    it('lets the adapter of the extension report a damaged file at its line', () => {
      expect(detectFormat('broken.srt', utf8('Hello\n')).name).toBe('srt');
      expect(formatErrorOf(() => readTranscript('broken.srt', utf8('Hello\n'))).location).toEqual({ line: 1 });
      const json = formatErrorOf(() => readTranscript('broken.json', utf8('{"original": [\n  {"transcript": "a"\n]}')));
      expect(json.location).toEqual({ line: 3, column: 1 });
      const invalidUtf8 = new Uint8Array([...utf8('1\n00:00:00,000 --> 00:00:01,000\n'), 0xff, 0x0a]);
      expect(formatErrorOf(() => readTranscript('bytes.srt', invalidUtf8)).location).toEqual({ line: 3 });
    });

    it('reads a JSON object of another shape as JSON, whose error says what it holds', () => {
      const error = formatErrorOf(() => readTranscript('whisper.json', utf8('{"text": "hi", "segments": []}')));
      expect(error.message).toBe('expected an array of row objects or a request body {original, reworked}, found an object with the keys text, segments');
    });
  });

  describe('readTranscript', () => {
    it('reads in the format named, passing the options on', () => {
      const result = readTranscript('export.txt', utf8('Who,Said\nA,hi\n'), { format: 'csv', map: { transcript: 'Said', speaker: 'Who' } });
      expect(result).toEqual({ format: 'csv', rows: [{ transcript: 'hi', speaker: 'A' }], warnings: [] });
    });

    it('reads the side of a request body', () => {
      const body = utf8(JSON.stringify({ original: [{ transcript: 'a' }], reworked: [{ transcript: 'b' }] }));
      expect(readTranscript('body.json', body, { side: 'reworked' }).rows).toEqual([{ transcript: 'b' }]);
    });

    it('detects and reads the real files of each format family', () => {
      const lattifai = readTranscript('Introducing_GPT-4o_GroundTruth.ass', evalDataBytes('lattifai-gpt4o-benchmark', 'benchmark', 'data', 'Introducing_GPT-4o_GroundTruth.ass'));
      expect([lattifai.format, lattifai.rows.length]).toEqual(['ass', 374]);
      const kallaama = readTranscript('srr_42420.stm', evalDataBytes('kallaama', 'transcriptions', 'checked', 'transcriptions-srr', 'stm', 'srr_42420.stm'));
      expect([kallaama.format, kallaama.rows.length]).toEqual(['stm', 124]);
      const nist = readTranscript('test.arb2004.txt.stm', evalDataBytes('nist-sctk-arabic-tests', 'test.arb2004.txt.stm'));
      expect([nist.format, nist.rows.length]).toEqual(['stm', 33]);
      const tsv = readTranscript('WikiNewsMax.tsv', evalDataBytes('camel-wild-diacritics', 'data', 'WikiNewsMax.tsv'), { map: { transcript: 'max_gold' } });
      expect([tsv.format, tsv.rows.length]).toEqual(['tsv', 18699]);
    });
  });
});
