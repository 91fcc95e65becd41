import fc from 'fast-check';
import { trsFormat } from '../../src/formats/trs';
import type { TranscriptRow } from '../../src/formats/types';
import { escapeMarkup, fixtureBytes, formatErrorOf, utf8 } from './helpers';

/** A Transcriber file as Transcriber writes it: one element or text line per line. */
function trs(turns: string[], speakers = '<Speaker id="spk1" name="Awa" check="no" dialect="native" accent="" scope="local"/>\n<Speaker id="spk2" name="Moussa" check="no" dialect="native" accent="" scope="local"/>\n<Speaker id="spk3" check="no" scope="local"/>', encoding = 'UTF-8'): string {
  return [
    `<?xml version="1.0" encoding="${encoding}"?>`,
    '<!DOCTYPE Trans SYSTEM "trans-14.dtd">',
    '<Trans scribe="test" audio_filename="interview" version="2" version_date="240101">',
    '<Speakers>',
    speakers,
    '</Speakers>',
    '<Episode>',
    '<Section type="report" startTime="0" endTime="60">',
    ...turns,
    '</Section>',
    '</Episode>',
    '</Trans>',
    '',
  ].join('\n');
}

const TURNS = [
  '<Turn speaker="spk1" startTime="0" endTime="7.5">',
  '<Sync time="0"/>',
  'bonjour à tous',
  '<Sync time="3.25"/>',
  'on commence',
  '<Event desc="rire" type="noise" extent="instantaneous"/>',
  'maintenant',
  '<Comment desc="hesitant"/>',
  '<Background time="3.5" type="music" level="low"/>',
  '</Turn>',
  '<Turn speaker="spk1 spk2" startTime="7.5" endTime="9">',
  '<Sync time="7.5"/>',
  '<Who nb="1"/>',
  'oui',
  '<Who nb="2"/>',
  'non non',
  '</Turn>',
  '<Turn startTime="9" endTime="12">',
  '<Sync time="9"/>',
  '<Event desc="musique" type="noise" extent="begin"/>',
  '<Sync time="10"/>',
  '',
  '<Sync time="11"/>',
  '<Event desc="en" type="language" extent="previous"/>',
  'thank you',
  '</Turn>',
  '<Turn speaker="spk3" startTime="12" endTime="13">',
  '<Sync time="12"/>',
  'merci',
  '</Turn>',
];

describe('Transcriber: a file written from known turns', () => {
  it('gives a row per stretch between Sync points, one per speaker of an overlap, events apart from the words', () => {
    const result = trsFormat.read(utf8(trs(TURNS)));
    expect(result.rows).toEqual<TranscriptRow[]>([
      { transcript: 'bonjour à tous', speaker: 'Awa', start_time: 0, end_time: 3.25 },
      { transcript: 'on commence maintenant', speaker: 'Awa', start_time: 3.25, end_time: 7.5, non_speech_events: '[rire] {hesitant}' },
      { transcript: 'oui', speaker: 'Awa', start_time: 7.5, end_time: 9 },
      { transcript: 'non non', speaker: 'Moussa', start_time: 7.5, end_time: 9 },
      { transcript: '', start_time: 9, end_time: 10, non_speech_events: '[musique-]' },
      { transcript: 'thank you', start_time: 11, end_time: 12, non_speech_events: '[language=en]' },
      { transcript: 'merci', speaker: 'spk3', start_time: 12, end_time: 13 },
    ]);
    expect(result.warnings).toEqual([]);
  });

  it('orders rows by start time, ties in document order', () => {
    const turns = ['<Turn speaker="spk2" startTime="5" endTime="6">', '<Sync time="5"/>', 'later', '</Turn>', '<Turn speaker="spk1" startTime="1" endTime="5">', '<Sync time="1"/>', 'earlier', '</Turn>'];
    expect(trsFormat.read(utf8(trs(turns))).rows.map((row) => row.transcript)).toEqual(['earlier', 'later']);
  });

  it('decodes an ISO-8859-1 file as its declaration says, without fetching its DTD', () => {
    const text = trs(['<Turn speaker="spk1" startTime="0" endTime="1">', '<Sync time="0"/>', 'déjà vu, ñam', '</Turn>'], '<Speaker id="spk1" name="Zoé"/>', 'ISO-8859-1');
    const latin1 = Uint8Array.from(text, (c) => c.charCodeAt(0));
    expect(trsFormat.read(latin1).rows).toEqual([{ transcript: 'déjà vu, ñam', speaker: 'Zoé', start_time: 0, end_time: 1 }]);
  });

  it('gives words before any Who in an overlap to the first speaker, and an undeclared speaker its id, with warnings', () => {
    const turns = ['<Turn speaker="spk1 spk9" startTime="0" endTime="2">', '<Sync time="0"/>', 'avant', '<Who nb="2"/>', 'après', '</Turn>'];
    const result = trsFormat.read(utf8(trs(turns)));
    expect(result.rows).toEqual([
      { transcript: 'avant', speaker: 'Awa', start_time: 0, end_time: 2 },
      { transcript: 'après', speaker: 'spk9', start_time: 0, end_time: 2 },
    ]);
    expect(result.warnings.map((warning) => warning.message)).toEqual([
      'the turn names the speaker "spk9", which <Speakers> does not declare: its id is the speaker',
      'words before any <Who> in a turn of 2 speakers: given to the first, "Awa"',
    ]);
  });

  it('gives back random stretches of random turns (property)', () => {
    const words = fc.array(fc.constantFrom('ñam', 'bu', 'dee', '&', '<x>', '"q"', 'café'), { maxLength: 4 }).map((list) => list.join(' '));
    const turn = fc.record({ speaker: fc.constantFrom('spk1', 'spk2', undefined), stretches: fc.array(fc.tuple(words, fc.boolean()), { minLength: 1, maxLength: 4 }) });
    fc.assert(
      fc.property(fc.array(turn, { maxLength: 5 }), (turns) => {
        const lines: string[] = [];
        const expected: TranscriptRow[] = [];
        let time = 0;
        for (const spec of turns) {
          const start = time;
          const syncs = spec.stretches.map(() => time++);
          lines.push(`<Turn${spec.speaker ? ` speaker="${spec.speaker}"` : ''} startTime="${start}" endTime="${time}">`);
          spec.stretches.forEach(([text, noise], k) => {
            lines.push(`<Sync time="${syncs[k]}"/>`, escapeMarkup(text), ...(noise ? ['<Event desc="b" type="noise" extent="instantaneous"/>'] : []));
            if (text === '' && !noise) return;
            const row: TranscriptRow = { transcript: text };
            if (spec.speaker) row.speaker = spec.speaker === 'spk1' ? 'Awa' : 'Moussa';
            Object.assign(row, { start_time: syncs[k], end_time: (syncs[k] as number) + 1 }, noise ? { non_speech_events: '[b]' } : {});
            expected.push(row);
          });
          lines.push('</Turn>');
        }
        expect(trsFormat.read(utf8(trs(lines))).rows).toEqual(expected);
      }),
    );
  });
});

describe('Transcriber: a malformed file', () => {
  it('throws at a Who that names no speaker of its turn', () => {
    const error = formatErrorOf(() => trsFormat.read(utf8(trs(['<Turn speaker="spk1" startTime="0" endTime="1">', '<Sync time="0"/>', '<Who nb="2"/>', 'x', '</Turn>']))));
    expect(error.message).toBe('<Who nb="2"> does not name a speaker of its turn: the turn names 1 speaker(s)');
    expect(error.location).toEqual({ line: 13, column: 1 });
  });

  it('throws at a Sync whose time is not a number', () => {
    const error = formatErrorOf(() => trsFormat.read(utf8(trs(['<Turn speaker="spk1" startTime="0" endTime="1">', '<Sync time="0,5"/>', 'x', '</Turn>']))));
    expect(error.message).toBe('<Sync> has time="0,5": expected a time in seconds');
    expect(error.location).toEqual({ line: 12, column: 1 });
  });

  it('throws for an element Transcriber does not put in a turn, and for a file without an Episode', () => {
    expect(formatErrorOf(() => trsFormat.read(utf8(trs(['<Turn startTime="0" endTime="1">', '<b>x</b>', '</Turn>'])))).message).toBe(
      'unexpected <b> in a <Turn>: expected text, Sync, Who, Event, Comment or Background',
    );
    expect(formatErrorOf(() => trsFormat.read(utf8('<Trans><Speakers/></Trans>'))).message).toBe('the file has no <Episode>: a Transcriber file holds its turns there');
  });

  it('throws at the place where the XML stops being well-formed, and for an undefined entity', () => {
    const broken = formatErrorOf(() => trsFormat.read(utf8(trs(['<Turn startTime="0" endTime="1">', '<Sync time="0"/>', 'x', '</Section>']))));
    expect(broken.message).toMatch(/^the file is not well-formed XML: /);
    expect(broken.location.line).toBe(14);
    const entity = formatErrorOf(() => trsFormat.read(utf8(trs(['<Turn startTime="0" endTime="1">', '<Sync time="0"/>', 'caf&eacute;', '</Turn>']))));
    expect(entity.location.line).toBe(13);
  });

  it('throws for an encoding it cannot decode', () => {
    const error = formatErrorOf(() => trsFormat.read(utf8(trs([], '', 'Shift_JIS'))));
    expect(error.message).toBe('the XML declaration names the encoding "shift_jis"; UTF-8, UTF-16 and ISO-8859-1 are read: save the file as UTF-8');
  });
});

describe('Transcriber: sniff', () => {
  it('recognises a Transcriber file and rejects other formats', () => {
    expect(trsFormat.sniff(trs(TURNS))).toBe(true);
    expect(trsFormat.sniff('<?xml version="1.0"?>\n<ANNOTATION_DOCUMENT FORMAT="3.0">')).toBe(false);
    expect(trsFormat.sniff('WEBVTT\n\n00:00.000 --> 00:01.000\n<v Trans>hi\n')).toBe(false);
  });
});

describe('Transcriber: kallaama wol_41014 draft and expert-checked (real files, the turns of the first 167 s)', () => {
  const read = (stage: 'raw' | 'checked') => trsFormat.read(fixtureBytes('kallaama', stage, 'wol_41014.trs'));

  it('reads every stretch of both files: 53 rows in each, no warnings', () => {
    const raw = read('raw');
    const checked = read('checked');
    expect([raw.rows.length, checked.rows.length]).toEqual([53, 53]);
    expect([raw.warnings, checked.warnings]).toEqual([[], []]);
    for (const { rows } of [raw, checked]) {
      expect(new Set(rows.map((row) => row.speaker))).toEqual(new Set(['locuteur 2', 'locuteur 3', 'locuteur 4']));
      expect(rows.filter((row) => row.non_speech_events !== undefined)).toHaveLength(3);
    }
  });

  it('gives the overlap at 11.834 s as one row per speaker, and noises apart from the words', () => {
    const { rows } = read('raw');
    expect(rows.slice(4, 7)).toEqual([
      { transcript: 'ndax am na yoo xam ne yomb na xam nga lu mel ne que :fra boo de() amee ñeenti junni rek mën a am ay kayit yoo xam ne danga ci mën a', speaker: 'locuteur 3', start_time: 6.315, end_time: 11.834 },
      { transcript: 'liggéey', speaker: 'locuteur 3', start_time: 11.834, end_time: 13.48 },
      { transcript: 'ah ñeenti junni la pour :fra am kayit yooyu', speaker: 'locuteur 2', start_time: 11.834, end_time: 13.48 },
    ]);
    expect(rows.find((row) => row.start_time === 161.529)).toEqual({ transcript: 'kon kooku amul perte :fra bu ciy bu ci nekk', speaker: 'locuteur 3', start_time: 161.529, end_time: 166.256, non_speech_events: '[b] [b]' });
  });

  it('shows the expert\'s corrections on the same stretch', () => {
    expect(read('raw').rows[2]?.transcript).toBe('moo tax jigéen ñi war nañoo gën a taxawaat jéem a xool naka la ñuy amee kayit');
    expect(read('checked').rows[2]?.transcript).toBe('moo tax jigéen ñi war nañoo gën a taxawaat jéem a xool naka la ñuy amee këyit');
  });
});
