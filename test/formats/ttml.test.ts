import { ttmlFormat } from '../../src/formats/ttml';
import { ttmlSeconds } from '../../src/formats/ttml-time';
import { formatErrorOf, utf8 } from './helpers';

const read = (text: string) => ttmlFormat.read(utf8(text));
const tt = (attributes: string, body: string, head = '') =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttp="http://www.w3.org/ns/ttml#parameter" xmlns:ttm="http://www.w3.org/ns/ttml#metadata" xmlns:tts="http://www.w3.org/ns/ttml#styling" ${attributes}>\n<head>${head}</head>\n<body>\n${body}\n</body>\n</tt>\n`;

describe('TTML', () => {
  describe('times', () => {
    const base = { frameRate: 25, subFrameRate: 1, tickRate: 10_000_000 };
    it('reads clock time, frames, and offset time in every metric', () => {
      expect(['00:00:01.5', '01:02:03', '00:00:01:12', '1.5s', '1500ms', '2m', '1h', '50f', '5000000t'].map((text) => ttmlSeconds(text, base))).toEqual([1.5, 3723, 1.48, 1.5, 1.5, 120, 3600, 2, 0.5]);
      expect(['1:2', '00:61:00', 'soon'].map((text) => ttmlSeconds(text, base))).toEqual([undefined, undefined, undefined]);
    });
  });

  describe('when the file is built from known rows', () => {
    it('gives one row per <p>, times nested in their parents, <br/> as a break, agents as speakers', () => {
      const head = '<metadata><ttm:agent xml:id="ann" type="person"><ttm:name type="full">Ann Smith</ttm:name></ttm:agent><ttm:agent xml:id="bob" type="person"/></metadata>';
      const body = [
        '<div begin="10s">',
        '  <p begin="00:00:00.500" end="00:00:02.000" ttm:agent="ann">Hello<br/>there,   <span tts:fontStyle="italic">friend</span>.</p>',
        '  <p begin="2.5s" dur="1s"><span ttm:agent="ann">Who is it?</span> <span ttm:agent="bob">Bob.</span></p>',
        '  <p begin="4s" end="5s"><metadata>not said</metadata>Plain.</p>',
        '</div>',
      ].join('\n');
      expect(read(tt('xml:lang="en"', body, head))).toEqual({
        rows: [
          { transcript: 'Hello there, friend.', speaker: 'Ann Smith', start_time: 10.5, end_time: 12 },
          { transcript: 'Who is it?', speaker: 'Ann Smith', start_time: 12.5, end_time: 13.5 },
          { transcript: 'Bob.', speaker: 'bob', start_time: 12.5, end_time: 13.5 },
          { transcript: 'Plain.', start_time: 14, end_time: 15 },
        ],
        warnings: [],
      });
    });

    it('counts frames at ttp:frameRate times ttp:frameRateMultiplier, and ticks at ttp:tickRate', () => {
      const ntsc = tt('ttp:timeBase="media" ttp:frameRate="30" ttp:frameRateMultiplier="1000 1001"', '<div><p begin="00:00:01:15" end="60f">a</p></div>');
      const [row] = read(ntsc).rows;
      expect([row?.start_time, row?.end_time]).toEqual([1 + 15 / (30000 / 1001), 60 / (30000 / 1001)]);
      const ticks = tt('ttp:tickRate="10000000"', '<div><p begin="10000000t" end="25000000t">a</p></div>');
      expect(read(ticks).rows).toEqual([{ transcript: 'a', start_time: 1, end_time: 2.5 }]);
      // Without ttp:tickRate a tick is a sub-frame: of the effective rate, 29.97 here, not 30.
      const subFrames = tt('ttp:frameRate="30" ttp:frameRateMultiplier="1000 1001" ttp:subFrameRate="2"', '<div><p begin="0t" end="120t">a</p></div>');
      expect(read(subFrames).rows[0]?.end_time).toBeCloseTo(2.002, 6);
    });

    it('ends a <p> that has both end and dur at the earlier of the two', () => {
      const both = tt('', '<div begin="10s"><p begin="1s" end="5s" dur="2s">a</p><p begin="1s" end="2s" dur="9s">b</p></div>');
      expect(read(both).rows.map((row) => [row.start_time, row.end_time])).toEqual([[11, 13], [11, 12]]);
    });

    it('gives a <p> without times of its own the span of its timed <span>s', () => {
      expect(read(tt('', '<div><p><span begin="1s" end="1.5s">one</span> <span begin="1.5s" end="2s">two</span></p></div>')).rows).toEqual([{ transcript: 'one two', start_time: 1, end_time: 2 }]);
    });
  });

  describe('when the file is malformed', () => {
    it('names the line of a time that does not parse, and of a <p> ending before it starts', () => {
      const bad = formatErrorOf(() => read(tt('', '<div>\n<p begin="1s" end="00:0">a</p></div>')));
      expect([bad.message, bad.location]).toEqual(['<p> has end="00:0": expected a TTML time such as 00:00:01.500, 00:00:01:12 (frames), 1.5s or 1500ms', { line: 6, column: 1 }]);
      expect(read(tt('', '<div><p begin="2s" end="1s">a</p></div>')).warnings[0]?.message).toBe('this <p> ends (1 s) before it starts (2 s): kept as written');
      expect(formatErrorOf(() => read(tt('', '<div><p begin="1s">a</div>'))).location.line).toBe(5);
      const blank = read(tt('', '<div>\n<p begin="1s" end="2s"><br/> </p></div>'));
      expect(blank).toEqual({ rows: [{ transcript: '', start_time: 1, end_time: 2 }], warnings: [{ message: 'this <p> has no text: kept as an empty row', location: { line: 6, column: 1 } }] });
    });
  });

  it('recognises TTML and DFXP by their namespace, and not another XML document', () => {
    expect(ttmlFormat.sniff(tt('', ''))).toBe(true);
    expect(ttmlFormat.sniff('<tt xmlns="http://www.w3.org/2006/10/ttaf1"><body/></tt>')).toBe(true);
    expect(ttmlFormat.sniff('<ANNOTATION_DOCUMENT/>')).toBe(false);
  });
});
