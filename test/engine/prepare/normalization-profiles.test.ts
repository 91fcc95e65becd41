import fc from 'fast-check';
import { runDiff } from '../../../src/engine';
import { chargeGrowth, normalizationProfile, profileAllowance } from '../../../src/engine/prepare/normalization-profiles';
import { normalizeText } from '../../../src/engine/prepare/normalize';
import { EngineInputError, NORMALIZATION_NAMES, type DiffConfig, type NormalizationName, type Row } from '../../../src/engine/types';
import { AMPLIFICATION_ALLOWANCE, REQUEST_GROWTH_ALLOWANCE } from '../../../src/engine/prepare/transforms';

/** A profile's text of a raw cell, as the engine builds it without transforms: D5.3, then the profile. */
function profiled(name: NormalizationName, raw: string, stripDiacritics = true): string {
  const text = normalizeText(raw, stripDiacritics);
  const apply = normalizationProfile(name).apply;
  return apply === null || text === '' ? text : apply(text);
}

describe('the normalisation profiles', () => {
  // The example lines of the metrics documentation's table, one per profile.
  const line = 'So, [laughter] DON’T forget: Straße is 50% off (really)!';
  it.each<[NormalizationName, string]>([
    ['none', 'So, [laughter] DON’T forget: Straße is 50% off (really)!'],
    ['case', 'so, [laughter] don’t forget: strasse is 50% off (really)!'],
    ['punctuation', "So laughter DON'T forget Straße is 50 off really"],
    ['case+punctuation', "so laughter don't forget strasse is 50 off really"],
    ['basic', 'so don t forget strasse is 50 off'],
  ])('%s: the documented example', (name, expected) => {
    expect(profiled(name, line, false)).toBe(expected);
  });

  it('basic: NFKC first, so that full-width and compatibility forms fold like their plain forms', () => {
    expect(profiled('basic', 'Ｈｅｌｌｏ（ｘ） ﬁne ²')).toBe('hello fine 2');
  });

  it('basic: keeps marks (Whisper turns them into spaces unless preserve_marks)', () => {
    expect(profiled('basic', 'नमस्ते दुनिया', false)).toBe('नमस्ते दुनिया');
    expect(profiled('basic', 'Café', false)).toBe('café');
  });

  it('every profile gives single spaces, none at either end, and an empty text for an empty one', () => {
    const unit = fc.constantFrom('a', 'B', ' ', '.', ',', '-', "'", '[', ']', '(', ')', '<', '>', '$', 'ß', 'İ', '…', '\u3000', '¨');
    fc.assert(
      fc.property(fc.constantFrom(...NORMALIZATION_NAMES), fc.string({ unit, maxLength: 20 }), (name, raw) => {
        const text = profiled(name, raw);
        expect(text).toBe(text.trim());
        expect(text).not.toMatch(/\s\s|[^\S ]/u);
        if (normalizeText(raw, true) === '') expect(text).toBe('');
      }),
    );
  });

  it('every profile is idempotent', () => {
    const unit = fc.oneof(fc.string({ maxLength: 3 }), fc.constantFrom('ß', 'ẞ', 'İ', 'ǰ', 'ﬁ', '’', '—', '[x]', '(y)', '<z>', 'É'));
    fc.assert(
      fc.property(fc.constantFrom(...NORMALIZATION_NAMES), fc.array(unit, { maxLength: 8 }), (name, parts) => {
        const once = profiled(name, parts.join(' '));
        expect(profiled(name, once)).toBe(once);
      }),
    );
  });
});

describe('config.normalization in a diff', () => {
  const row = (transcript: string, extra: Row = {}): Row => ({ speaker: 'A', start_time: 1, end_time: 2, transcript, ...extra });
  const diff = (original: Row[], reworked: Row[], config: Partial<DiffConfig> = {}) => runDiff({ original, reworked, config });

  it('none is the default, and the answer with it is the answer without it, meta included', () => {
    const original = [row('Hello, World.'), row('fine thanks')];
    const reworked = [row('hello world'), row('Fine, thanks.')];
    const without = diff(original, reworked, { enableAnalysis: true });
    expect(JSON.stringify(diff(original, reworked, { enableAnalysis: true, normalization: 'none' }))).toBe(JSON.stringify(without));
    expect(without.meta).not.toHaveProperty('normalization');
  });

  it('makes a row that differs only in what the profile removes UNCHANGED, and names the profile last in meta', () => {
    const data = diff([row('So, HELLO there!')], [row('so hello there')], { normalization: 'case+punctuation' });
    expect(data.results[0]!.status).toBe('UNCHANGED');
    expect(data.scores.transcriptWER).toBe(0);
    expect(Object.keys(data.meta).at(-1)).toBe('normalization');
    expect(data.meta.normalization).toEqual({ profile: 'case+punctuation', version: 1 });
  });

  it('applies to the other free-text columns, never to the speaker labels or the times', () => {
    const data = diff(
      [row('Yes.', { speaker: 'anna', non_speech_events: '[Laughs]' }), row('No.', { start_time: '00:00:01' })],
      [row('yes', { speaker: 'Anna', non_speech_events: '[laughs]' }), row('no', { start_time: 1.5 })],
      { normalization: 'case+punctuation' },
    );
    expect(data.results.map((r) => r.changedColumns)).toEqual([['speaker'], ['start_time']]);
    expect(data.scores.SACR).toBe(0.5);
  });

  it('leaves the speaker labels alone also when neither SACR nor the analysis reads them', () => {
    const data = diff([row('yes', { speaker: 'anna' })], [row('Yes', { speaker: 'Anna' })], { normalization: 'case', enableSACR: false });
    expect(data.results[0]!.changedColumns).toEqual(['speaker']);
  });

  it('runs after the structural transforms, which still see the case and punctuation sent', () => {
    const rules = [{ find: 'Dr.', replace: 'Doctor' }];
    const data = diff([row('Dr. Smith')], [row('doctor smith')], { normalization: 'case+punctuation', structuralTransforms: rules });
    expect(data.results[0]!.status).toBe('UNCHANGED');
    // Were the profile first, "dr smith" would never match the rule's "Dr.".
    const before = diff([row('Dr. Smith')], [row('doctor smith')], { normalization: 'case+punctuation', structuralTransforms: [{ find: 'dr smith', replace: 'x' }] });
    expect(before.results[0]!.status).toBe('MODIFIED');
  });

  it('runs after stripDiacritics: with it, İ loses its dot first and folds to i', () => {
    expect(diff([row('İstanbul')], [row('istanbul')], { normalization: 'case' }).results[0]!.status).toBe('UNCHANGED');
    expect(diff([row('İstanbul')], [row('istanbul')], { normalization: 'case', stripDiacritics: false }).results[0]!.status).toBe('MODIFIED');
  });

  it('aligns on the profile text: basic pairs rows whose tags differ, and scores them equal', () => {
    const data = diff(
      [row('[music] Welcome back.'), row('Today: the weather <unk>')],
      [row('welcome back'), row('today the weather')],
      { normalization: 'basic' },
    );
    expect(data.results.map((r) => r.status)).toEqual(['UNCHANGED', 'UNCHANGED']);
    expect(data.counts.transcriptWord.referenceLength).toBe(5);
  });

  it('returns the rows as sent, whatever the profile', () => {
    const original = [row('So, HELLO!')];
    const data = diff(original, [row('so hello')], { normalization: 'basic' });
    expect(data.results[0]!.originalRow).toBe(original[0]);
  });
});

describe('how much a profile may grow the text', () => {
  // NFKC spells the ligature U+FDFA in 18 characters: the longest expansion there is.
  const LIGATURE = '\uFDFA';
  const diff = (cells: string[]) => () => runDiff({ original: cells.map((transcript) => ({ transcript })), reworked: [{ transcript: 'x' }], config: { normalization: 'basic' } });
  const refusal = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return error instanceof EngineInputError ? { field: error.field, message: error.message } : error;
    }
    return null;
  };

  it('lets a cell grow to twice its size plus the transforms\' allowance, no further: then config.normalization is refused', () => {
    // n ligatures become 18n characters: within 2n + 64 KiB up to n = 4,096.
    expect(refusal(diff([LIGATURE.repeat(4096)]))).toBeNull();
    expect(refusal(diff([LIGATURE.repeat(4097)]))).toEqual({
      field: 'config.normalization',
      message: `the basic profile grows a cell past twice its size plus ${AMPLIFICATION_ALLOWANCE} characters`,
    });
  });

  it('lets all cells together grow by the request\'s allowance, no further', () => {
    const cell = LIGATURE.repeat(4096);
    const perCell = 17 * 4096;
    const fits = Math.floor(REQUEST_GROWTH_ALLOWANCE / perCell);
    const overall = `the basic profile grows the request's compared text by more than ${REQUEST_GROWTH_ALLOWANCE} characters`;
    // The charge, cell by cell: `fits` cells are taken, the next one is refused. (A whole diff of
    // the cells that fit is 16 Mi characters of text: seconds for this one boundary.)
    const allowance = profileAllowance();
    for (let k = 0; k < fits; k++) chargeGrowth('basic', 4096, 18 * 4096, allowance);
    expect(refusal(() => chargeGrowth('basic', 4096, 18 * 4096, allowance))).toEqual({ field: 'config.normalization', message: overall });
    // In a request: the cell that crosses the line stops it.
    expect(refusal(diff(Array.from({ length: fits + 1 }, () => cell)))).toEqual({ field: 'config.normalization', message: overall });
  });

  it('charges nothing for the text a profile removes', () => {
    const punctuation = '.'.repeat(90_000);
    expect(refusal(() => runDiff({ original: [{ transcript: punctuation }], reworked: [{ transcript: 'x' }], config: { normalization: 'basic' } }))).toBeNull();
  });
});
