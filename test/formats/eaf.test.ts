import fc from 'fast-check';
import { eafFormat } from '../../src/formats/eaf';
import type { TranscriptRow } from '../../src/formats/types';
import { escapeMarkup, formatErrorOf, utf8 } from './helpers';

/** An annotation: time-aligned (times in ms, null for a slot without a value) or referring to another annotation's id. */
type Spec = { id?: string; start: number | null; end: number | null; text: string } | { id?: string; ref: string; text: string };
interface TierSpec {
  id: string;
  participant?: string;
  type?: string;
  parent?: string;
  annotations: Spec[];
}

/** An ELAN document as ELAN writes it: time slots first (in the order given), then tiers, then linguistic types. */
function eaf(tiers: TierSpec[], types = '<LINGUISTIC_TYPE GRAPHIC_REFERENCES="false" LINGUISTIC_TYPE_ID="default-lt" TIME_ALIGNABLE="true"/>'): string {
  const slots: string[] = [];
  let annotationCount = 0;
  const tierXml = tiers.map((tier) => {
    const annotations = tier.annotations.map((spec) => {
      const id = spec.id ?? `ann${++annotationCount}`;
      let inner: string;
      if ('ref' in spec) {
        inner = `<REF_ANNOTATION ANNOTATION_ID="${id}" ANNOTATION_REF="${spec.ref}">\n                <ANNOTATION_VALUE>${escapeMarkup(spec.text)}</ANNOTATION_VALUE>\n            </REF_ANNOTATION>`;
      } else {
        const slot = (ms: number | null) => {
          const slotId = `ts${slots.length + 1}`;
          slots.push(ms === null ? `<TIME_SLOT TIME_SLOT_ID="${slotId}"/>` : `<TIME_SLOT TIME_SLOT_ID="${slotId}" TIME_VALUE="${ms}"/>`);
          return slotId;
        };
        const [from, to] = [slot(spec.start), slot(spec.end)];
        inner = `<ALIGNABLE_ANNOTATION ANNOTATION_ID="${id}" TIME_SLOT_REF1="${from}" TIME_SLOT_REF2="${to}">\n                <ANNOTATION_VALUE>${escapeMarkup(spec.text)}</ANNOTATION_VALUE>\n            </ALIGNABLE_ANNOTATION>`;
      }
      return `        <ANNOTATION>\n            ${inner}\n        </ANNOTATION>`;
    });
    const attributes = [
      `LINGUISTIC_TYPE_REF="${tier.type ?? 'default-lt'}"`,
      ...(tier.parent ? [`PARENT_REF="${tier.parent}"`] : []),
      ...(tier.participant !== undefined ? [`PARTICIPANT="${escapeMarkup(tier.participant)}"`] : []),
      `TIER_ID="${escapeMarkup(tier.id)}"`,
    ];
    return [`    <TIER ${attributes.join(' ')}>`, ...annotations, '    </TIER>'].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<ANNOTATION_DOCUMENT AUTHOR="" DATE="2024-01-01T00:00:00+00:00" FORMAT="3.0" VERSION="3.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="http://www.mpi.nl/tools/elan/EAFv3.0.xsd">',
    '    <HEADER MEDIA_FILE="" TIME_UNITS="milliseconds">',
    '        <MEDIA_DESCRIPTOR MEDIA_URL="file:///interview.wav" MIME_TYPE="audio/x-wav"/>',
    '    </HEADER>',
    '    <TIME_ORDER>',
    ...slots.map((slot) => `        ${slot}`),
    '    </TIME_ORDER>',
    ...tierXml,
    `    ${types}`,
    '</ANNOTATION_DOCUMENT>',
    '',
  ].join('\n');
}

const TYPES = [
  '<LINGUISTIC_TYPE GRAPHIC_REFERENCES="false" LINGUISTIC_TYPE_ID="utterance" TIME_ALIGNABLE="true"/>',
  '<LINGUISTIC_TYPE CONSTRAINTS="Symbolic_Association" GRAPHIC_REFERENCES="false" LINGUISTIC_TYPE_ID="translation" TIME_ALIGNABLE="false"/>',
  '<LINGUISTIC_TYPE CONSTRAINTS="Time_Subdivision" GRAPHIC_REFERENCES="false" LINGUISTIC_TYPE_ID="words" TIME_ALIGNABLE="true"/>',
  '<CONSTRAINT DESCRIPTION="1-1 association with a parent annotation" STEREOTYPE="Symbolic_Association"/>',
].join('\n    ');

const INTERVIEW: TierSpec[] = [
  {
    id: 'A',
    participant: 'Ann',
    type: 'utterance',
    annotations: [
      { id: 'a1', start: 500, end: 2250, text: 'Hello & welcome <back>.' },
      { id: 'a2', start: 4000, end: 5000, text: '   ' },
      { id: 'a3', start: 6000, end: 7125, text: 'two\nlines' },
    ],
  },
  {
    id: 'B',
    type: 'utterance',
    annotations: [
      { id: 'b1', start: 0, end: 400, text: 'Hi.' },
      { id: 'b2', start: 6000, end: 6500, text: 'same start' },
    ],
  },
  { id: 'A-en', type: 'translation', parent: 'A', participant: 'Ann', annotations: [{ ref: 'a1', text: 'Hallo.' }, { ref: 'a3', text: 'zwei Zeilen' }] },
];

describe('ELAN: a document written from known annotations', () => {
  it('gives the annotations of the time-aligned tiers, in seconds, by start time with ties in tier order', () => {
    const result = eafFormat.read(utf8(eaf(INTERVIEW, TYPES)));
    expect(result.rows).toEqual<TranscriptRow[]>([
      { transcript: 'Hi.', speaker: 'B', start_time: 0, end_time: 0.4 },
      { transcript: 'Hello & welcome <back>.', speaker: 'Ann', start_time: 0.5, end_time: 2.25 },
      { transcript: 'two lines', speaker: 'Ann', start_time: 6, end_time: 7.125 },
      { transcript: 'same start', speaker: 'B', start_time: 6, end_time: 6.5 },
    ]);
    expect(result.warnings).toEqual([{ message: 'tier "A": 1 empty annotation(s) are not rows', location: { line: 18, column: 5 } }]);
  });

  it('reads a symbolic tier only when named, with the times of the annotations it refers to', () => {
    const { rows } = eafFormat.read(utf8(eaf(INTERVIEW, TYPES)), { tiers: ['A-en', 'B'] });
    expect(rows).toEqual<TranscriptRow[]>([
      { transcript: 'Hi.', speaker: 'B', start_time: 0, end_time: 0.4 },
      { transcript: 'Hallo.', speaker: 'Ann', start_time: 0.5, end_time: 2.25 },
      { transcript: 'same start', speaker: 'B', start_time: 6, end_time: 6.5 },
      { transcript: 'zwei Zeilen', speaker: 'Ann', start_time: 6, end_time: 7.125 },
    ]);
  });

  it('follows a chain of references to the time-aligned annotation', () => {
    const tiers: TierSpec[] = [
      { id: 'U', type: 'utterance', annotations: [{ id: 'u1', start: 1000, end: 2000, text: 'ja' }] },
      { id: 'T', type: 'translation', parent: 'U', annotations: [{ id: 't1', ref: 'u1', text: 'yes' }] },
      { id: 'N', type: 'translation', parent: 'T', annotations: [{ ref: 't1', text: 'note on yes' }] },
    ];
    expect(eafFormat.read(utf8(eaf(tiers, TYPES)), { tiers: ['N'] }).rows).toEqual([{ transcript: 'note on yes', speaker: 'N', start_time: 1, end_time: 2 }]);
  });

  it('reads a tier whose type is not defined, or that names none, as time-aligned', () => {
    const tiers: TierSpec[] = [{ id: 'X', type: 'missing', annotations: [{ start: 0, end: 10, text: 'x' }] }];
    const result = eafFormat.read(utf8(eaf(tiers, TYPES)));
    expect(result.rows).toEqual([{ transcript: 'x', speaker: 'X', start_time: 0, end_time: 0.01 }]);
    expect(result.warnings[0]?.message).toBe('tier "X" names the linguistic type "missing", which the document does not define: read as time-aligned');
    const untyped = eaf([{ id: 'Y', annotations: [{ start: 0, end: 10, text: 'y' }] }]).replace(' LINGUISTIC_TYPE_REF="default-lt"', '');
    expect(eafFormat.read(utf8(untyped))).toEqual({ rows: [{ transcript: 'y', speaker: 'Y', start_time: 0, end_time: 0.01 }], warnings: [] });
  });

  it('spreads a parent span evenly over its unaligned children, as ELAN shows a time subdivision', () => {
    // As ELAN writes it: the words share their inner slots, which have no value; TIME_ORDER lists them after others.
    const file = `<?xml version="1.0" encoding="UTF-8"?>
<ANNOTATION_DOCUMENT><HEADER TIME_UNITS="milliseconds"/>
<TIME_ORDER><TIME_SLOT TIME_SLOT_ID="ts1" TIME_VALUE="0"/><TIME_SLOT TIME_SLOT_ID="ts2" TIME_VALUE="8000"/><TIME_SLOT TIME_SLOT_ID="ts3"/>
<TIME_SLOT TIME_SLOT_ID="ts4"/><TIME_SLOT TIME_SLOT_ID="ts5" TIME_VALUE="9800"/><TIME_SLOT TIME_SLOT_ID="ts6" TIME_VALUE="20000"/></TIME_ORDER>
<TIER TIER_ID="text" LINGUISTIC_TYPE_REF="text"><ANNOTATION><ALIGNABLE_ANNOTATION ANNOTATION_ID="a1" TIME_SLOT_REF1="ts2" TIME_SLOT_REF2="ts5"><ANNOTATION_VALUE>The quick brown</ANNOTATION_VALUE></ALIGNABLE_ANNOTATION></ANNOTATION></TIER>
<TIER TIER_ID="words" LINGUISTIC_TYPE_REF="sub" PARENT_REF="text">
<ANNOTATION><ALIGNABLE_ANNOTATION ANNOTATION_ID="a2" TIME_SLOT_REF1="ts2" TIME_SLOT_REF2="ts3"><ANNOTATION_VALUE>The</ANNOTATION_VALUE></ALIGNABLE_ANNOTATION></ANNOTATION>
<ANNOTATION><ALIGNABLE_ANNOTATION ANNOTATION_ID="a3" TIME_SLOT_REF1="ts3" TIME_SLOT_REF2="ts4"><ANNOTATION_VALUE>quick</ANNOTATION_VALUE></ALIGNABLE_ANNOTATION></ANNOTATION>
<ANNOTATION><ALIGNABLE_ANNOTATION ANNOTATION_ID="a4" TIME_SLOT_REF1="ts4" TIME_SLOT_REF2="ts5"><ANNOTATION_VALUE>brown</ANNOTATION_VALUE></ALIGNABLE_ANNOTATION></ANNOTATION>
</TIER>
<LINGUISTIC_TYPE LINGUISTIC_TYPE_ID="text" TIME_ALIGNABLE="true"/><LINGUISTIC_TYPE LINGUISTIC_TYPE_ID="sub" CONSTRAINTS="Time_Subdivision" TIME_ALIGNABLE="true"/>
</ANNOTATION_DOCUMENT>`;
    const { rows } = eafFormat.read(utf8(file), { tiers: ['words'] });
    expect(rows.map((row) => [row.transcript, row.start_time, row.end_time])).toEqual([
      ['The', 8, 8.6],
      ['quick', 8.6, 9.2],
      ['brown', 9.2, 9.8],
    ]);
  });

  it('places a slot whose chain has no timed end between the nearest timed slots of TIME_ORDER, and says so', () => {
    // A time subdivision: the utterance 1 s–4 s is cut into three words whose inner boundaries ELAN leaves untimed.
    const tiers: TierSpec[] = [
      { id: 'U', type: 'utterance', annotations: [{ start: 1000, end: 4000, text: 'one two three' }] },
      { id: 'W', type: 'words', parent: 'U', annotations: [{ start: 1000, end: null, text: 'one' }, { start: null, end: null, text: 'two' }, { start: null, end: 4000, text: 'three' }] },
    ];
    // Slots: ts1 1000, ts2 4000 (the utterance), ts3 1000, ts4 -, ts5 -, ts6 -, ts7 -, ts8 4000: the words' inner
    // boundaries sit at equal steps of TIME_ORDER between 1000 and 4000 ms.
    const result = eafFormat.read(utf8(eaf(tiers, TYPES)));
    const step = 3 / 5;
    expect(result.rows.filter((row) => row.speaker === 'W')).toEqual([
      { transcript: 'one', speaker: 'W', start_time: 1, end_time: 1 + step },
      { transcript: 'two', speaker: 'W', start_time: 1 + 2 * step, end_time: 1 + 3 * step },
      { transcript: 'three', speaker: 'W', start_time: 1 + 4 * step, end_time: 4 },
    ]);
    expect(result.warnings.map((warning) => warning.message)).toEqual([
      'tier "W" is time-aligned but depends on tier "U": its annotations usually repeat its parent\'s; choose the tiers to read by name if they do',
      'tier "W": 4 annotation boundary(ies) have no time in the file; spread evenly between the nearest timed ones, as ELAN shows them',
    ]);
  });

  it('gives back random annotations of random tiers (property)', () => {
    const annotation = fc.tuple(fc.integer({ min: 0, max: 100000 }), fc.integer({ min: 0, max: 5000 }), fc.string({ unit: fc.constantFrom('a', 'é', ' ', '&', '<', '"', '\n', '中'), minLength: 1 }));
    const tier = fc.record({ participant: fc.option(fc.constantFrom('Ann', 'Bob', ''), { nil: undefined }), annotations: fc.array(annotation, { maxLength: 5 }) });
    fc.assert(
      fc.property(fc.array(tier, { maxLength: 4 }), (specs) => {
        const tiers: TierSpec[] = specs.map((spec, t) => ({ id: `tier${t}`, ...(spec.participant !== undefined ? { participant: spec.participant } : {}), annotations: spec.annotations.map(([start, length, text]) => ({ start, end: start + length, text })) }));
        const expected = tiers
          .flatMap((t) => t.annotations.map((a) => ({ transcript: a.text.replace(/\n/g, ' ').trim(), speaker: t.participant || t.id, start_time: ('start' in a ? (a.start as number) : 0) / 1000, end_time: ('end' in a ? (a.end as number) : 0) / 1000 })))
          .filter((row) => row.transcript !== '')
          .sort((a, b) => a.start_time - b.start_time);
        expect(eafFormat.read(utf8(eaf(tiers))).rows).toEqual(expected);
      }),
    );
  });
});

describe('ELAN: a malformed document', () => {
  it('throws at an annotation whose time slot TIME_ORDER lacks', () => {
    const text = eaf([{ id: 'A', annotations: [{ start: 0, end: 1000, text: 'x' }] }]).replace('TIME_SLOT_REF2="ts2"', 'TIME_SLOT_REF2="ts9"');
    const error = formatErrorOf(() => eafFormat.read(utf8(text)));
    expect(error.message).toBe('annotation "ann1" uses the time slot "ts9", which TIME_ORDER does not hold');
    expect(error.location).toEqual({ line: 12, column: 13 });
  });

  it('throws for a reference to an annotation the document does not hold', () => {
    const tiers: TierSpec[] = [{ id: 'T', type: 'translation', annotations: [{ ref: 'nowhere', text: 'x' }] }];
    expect(formatErrorOf(() => eafFormat.read(utf8(eaf(tiers, TYPES)), { tiers: ['T'] })).message).toBe('annotation "ann1" refers to "nowhere", which the document does not hold');
  });

  it('throws for a boundary slot without a value and no timed slot after it', () => {
    const error = formatErrorOf(() => eafFormat.read(utf8(eaf([{ id: 'A', annotations: [{ start: 0, end: null, text: 'x' }] }]))));
    expect(error.message).toBe('TIME_SLOT "ts2" has no TIME_VALUE and no timed slot after it in TIME_ORDER to place it');
    expect(error.location).toEqual({ line: 8, column: 9 });
  });

  it('throws for a TIME_VALUE that is not milliseconds, and for other time units', () => {
    const text = eaf([{ id: 'A', annotations: [{ start: 0, end: 1000, text: 'x' }] }]);
    expect(formatErrorOf(() => eafFormat.read(utf8(text.replace('TIME_VALUE="1000"', 'TIME_VALUE="1.5s"')))).message).toBe(
      'TIME_SLOT ts2 has TIME_VALUE "1.5s": expected milliseconds (a whole number)',
    );
    expect(formatErrorOf(() => eafFormat.read(utf8(text.replace('TIME_UNITS="milliseconds"', 'TIME_UNITS="PAL-frames"')))).message).toBe(
      'the HEADER gives TIME_UNITS="PAL-frames"; only milliseconds are read: save the file again from ELAN',
    );
  });

  it('names the tiers that exist when asked for one that does not', () => {
    expect(formatErrorOf(() => eafFormat.read(utf8(eaf(INTERVIEW, TYPES)), { tiers: ['C'] })).message).toBe('the document has no tier "C"; its tiers are "A", "B", "A-en"');
  });

  it('throws at the line and column where the XML stops being well-formed, and for another XML document', () => {
    const text = eaf([{ id: 'A', annotations: [{ start: 0, end: 1000, text: 'x' }] }]).replace('</ALIGNABLE_ANNOTATION>', '</ALIGNABLE>');
    const error = formatErrorOf(() => eafFormat.read(utf8(text)));
    expect(error.message).toMatch(/^the file is not well-formed XML: /);
    expect(error.location.line).toBe(14);
    expect(formatErrorOf(() => eafFormat.read(utf8('<Trans><Episode/></Trans>'))).message).toBe('expected an ELAN document (<ANNOTATION_DOCUMENT>), found <Trans>');
  });
});

describe('ELAN: sniff', () => {
  it('recognises an ELAN document and rejects other formats', () => {
    expect(eafFormat.sniff(eaf(INTERVIEW, TYPES))).toBe(true);
    expect(eafFormat.sniff('<?xml version="1.0"?>\n<!DOCTYPE Trans SYSTEM "trans-14.dtd">\n<Trans>')).toBe(false);
    expect(eafFormat.sniff('File type = "ooTextFile"\nObject class = "TextGrid"\n')).toBe(false);
  });
});
