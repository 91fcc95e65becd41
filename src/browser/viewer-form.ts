/**
 * The viewer's form: the two transcripts (files, each with its format, or a pasted request body),
 * how to read them, the comparison's options, an optional audio file and the API key. It only
 * builds the controls; viewer-choices.ts reads them.
 *
 * The reading options are the command line's (`--speaker-prefix`, `--tiers`, `--map`,
 * `--ctm-gap`, `--session`, `--original-segments`/`--reworked-segments`) and the
 * comparison options those of its config switches (`--no-splits`, `--no-merges`,
 * `--keep-diacritics`, `--simple`, `--positional`, `--ignore`, `--normalize`): src/cli/main.ts.
 */
import { FORMATS } from '../formats/index';
import { NORMALIZATION_NAMES, type NormalizationName } from '../engine/index';
import { el } from './dom';

/** What each profile does, in a few words (the README's table has the rules). */
const PROFILE_HINTS: Record<NormalizationName, string> = {
  none: 'compare case and punctuation',
  case: 'case folded',
  punctuation: 'punctuation removed',
  'case+punctuation': 'case folded, punctuation removed',
  basic: 'case folded, [ ] ( ) < > spans removed, punctuation and symbols to spaces',
};

export type InputMode = 'files' | 'body';
export type SideName = 'original' | 'reworked';

export interface SideControls {
  file: HTMLInputElement;
  format: HTMLSelectElement;
  /** A Kaldi text's segments file (its utterances' times). */
  segments: HTMLInputElement;
}

export interface ViewerForm {
  element: HTMLFormElement;
  modes: Record<InputMode, HTMLInputElement>;
  sides: Record<SideName, SideControls>;
  speakerPrefix: HTMLInputElement;
  tiers: HTMLInputElement;
  columnMap: HTMLInputElement;
  ctmGap: HTMLInputElement;
  session: HTMLInputElement;
  splits: HTMLInputElement;
  merges: HTMLInputElement;
  keepDiacritics: HTMLInputElement;
  simple: HTMLInputElement;
  positional: HTMLInputElement;
  ignore: HTMLInputElement;
  /** The normalisation profile (config.normalization): one of NORMALIZATION_NAMES. */
  normalization: HTMLSelectElement;
  body: HTMLTextAreaElement;
  audio: HTMLInputElement;
  key: HTMLInputElement;
  forgetKey: HTMLButtonElement;
  submit: HTMLButtonElement;
}

/** The value of the format select that lets the file's name and content decide. */
export const AUTO_FORMAT = 'auto';

function formatSelect(id: string): HTMLSelectElement {
  return el(
    'select',
    { id, name: id },
    el('option', { value: AUTO_FORMAT, selected: true }, 'auto: from the name, confirmed by the content'),
    ...FORMATS.map((format) => el('option', { value: format.name }, `${format.name}: ${format.title}`)),
  );
}

function labelled(control: HTMLElement, label: string, hint?: string): HTMLElement {
  return el('div', { class: 'viewer-field' }, el('label', { for: control.id }, label), control, hint ? el('p', { class: 'viewer-hint' }, hint) : null);
}

function checkbox(id: string, label: string, checked: boolean): { input: HTMLInputElement; field: HTMLElement } {
  const input = el('input', { type: 'checkbox', id, name: id, checked });
  return { input, field: el('div', { class: 'viewer-check' }, input, el('label', { for: id }, label)) };
}

function textInput(id: string, placeholder: string): HTMLInputElement {
  return el('input', { type: 'text', id, name: id, placeholder, autocomplete: 'off', spellcheck: 'false' });
}

function sideControls(side: SideName, title: string): { controls: SideControls; fieldset: HTMLElement } {
  const file = el('input', { type: 'file', id: `${side}-file`, name: `${side}-file` });
  const format = formatSelect(`${side}-format`);
  const segments = el('input', { type: 'file', id: `${side}-segments`, name: `${side}-segments` });
  return {
    controls: { file, format, segments },
    fieldset: el(
      'fieldset',
      { class: 'viewer-side' },
      el('legend', {}, title),
      labelled(file, 'File'),
      labelled(format, 'Format'),
      labelled(segments, 'Kaldi segments (optional)', "For a Kaldi text file: the data folder's segments file, which gives each utterance its times."),
    ),
  };
}

/** Builds the form; switching between files and a pasted body shows the controls that apply. */
export function buildForm(): ViewerForm {
  const modes: Record<InputMode, HTMLInputElement> = {
    files: el('input', { type: 'radio', id: 'mode-files', name: 'mode', value: 'files', checked: true }),
    body: el('input', { type: 'radio', id: 'mode-body', name: 'mode', value: 'body' }),
  };
  const original = sideControls('original', 'Original: the AI draft');
  const reworked = sideControls('reworked', 'Reworked: its post-edit (the reference)');

  const speakerPrefix = checkbox('speaker-prefix', 'SubRip/WebVTT: read a leading "NAME:" of a cue as its speaker', false);
  const tiers = textInput('tiers', 'e.g. Speaker A, Speaker B');
  const columnMap = textInput('column-map', 'e.g. transcript=Text,speaker=Who,start_time=Begin');
  const ctmGap = el('input', { type: 'number', id: 'ctm-gap', name: 'ctm-gap', min: '0', step: '0.1', placeholder: '1.0' });
  const session = textInput('session', 'e.g. S01, or a task id');
  const reading = el(
    'fieldset',
    { class: 'viewer-reading' },
    el('legend', {}, 'Reading the files'),
    speakerPrefix.field,
    labelled(tiers, 'ELAN tiers', 'Comma-separated tier ids to read, symbolic ones included; empty: every time-aligned tier.'),
    labelled(columnMap, 'CSV/TSV columns', 'FIELD=COLUMN pairs separated by commas; empty: the usual header names.'),
    labelled(ctmGap, 'CTM pause (seconds)', 'A pause longer than this between two words starts a new row; empty: 1.0.'),
    labelled(session, 'SegLST session or Label Studio task', 'The one to read when the file holds several.'),
  );

  const body = el('textarea', { id: 'request-body', name: 'request-body', rows: 10, spellcheck: 'false', placeholder: '{"original": [...], "reworked": [...], "config": {...}}' });
  const bodyFieldset = el(
    'fieldset',
    { class: 'viewer-body', hidden: true },
    el('legend', {}, 'Request body'),
    labelled(body, 'JSON body of POST /v1/diff', 'Sent as it is, with config.enableAnalysis on unless the body sets it; the options below do not apply to it.'),
  );
  const filesFieldset = el('div', { class: 'viewer-files' }, el('div', { class: 'viewer-sides' }, original.fieldset, reworked.fieldset), reading);

  const splits = checkbox('splits', 'Detect split rows', true);
  const merges = checkbox('merges', 'Detect merged rows', true);
  const keepDiacritics = checkbox('keep-diacritics', 'Compare diacritics (é ≠ e)', false);
  const simple = checkbox('simple', 'Simple mode: transcript only', false);
  const positional = checkbox('positional', 'Pair rows by position', false);
  const ignore = textInput('ignore', 'e.g. speaker, non_speech_events');
  const normalization = el(
    'select',
    { id: 'normalization', name: 'normalization' },
    ...NORMALIZATION_NAMES.map((name) => el('option', { value: name, selected: name === 'none' }, `${name}: ${PROFILE_HINTS[name]}`)),
  );
  const comparison = el(
    'fieldset',
    { class: 'viewer-comparison' },
    el('legend', {}, 'Comparison'),
    el('div', { class: 'viewer-checks' }, splits.field, merges.field, keepDiacritics.field, simple.field, positional.field),
    labelled(ignore, 'Columns left out', 'Comma-separated column names (config.ignoreColNames).'),
    labelled(normalization, 'Normalisation', 'Applied to the text of every column but the speaker (config.normalization).'),
  );

  const audio = el('input', { type: 'file', id: 'audio-file', name: 'audio-file', accept: 'audio/*,video/*' });
  const key = el('input', { type: 'password', id: 'api-key', name: 'api-key', autocomplete: 'off', spellcheck: 'false' });
  const forgetKey = el('button', { type: 'button', id: 'forget-key' }, 'Forget key');
  const submit = el('button', { type: 'submit', id: 'compare' }, 'Compare');

  const element = el(
    'form',
    { id: 'viewer-form', class: 'viewer-form', novalidate: true },
    el(
      'fieldset',
      { class: 'viewer-mode' },
      el('legend', {}, 'Transcripts'),
      el(
        'div',
        { class: 'viewer-checks' },
        el('div', { class: 'viewer-check' }, modes.files, el('label', { for: 'mode-files' }, 'Two files')),
        el('div', { class: 'viewer-check' }, modes.body, el('label', { for: 'mode-body' }, 'A JSON request body')),
      ),
    ),
    filesFieldset,
    bodyFieldset,
    comparison,
    el(
      'fieldset',
      { class: 'viewer-run' },
      el('legend', {}, 'Audio and key'),
      labelled(audio, 'Audio (optional)', 'Played in this browser from the file: it is not uploaded.'),
      labelled(key, 'API key', 'Sent as x-api-key to this service only; kept until this tab closes.'),
      el('div', { class: 'viewer-actions' }, submit, forgetKey),
    ),
  );

  const showMode = () => {
    const files = modes.files.checked;
    filesFieldset.hidden = !files;
    bodyFieldset.hidden = files;
    // Left in view but greyed: the reviewer sees that a pasted body's own config decides.
    comparison.disabled = !files;
  };
  modes.files.addEventListener('change', showMode);
  modes.body.addEventListener('change', showMode);

  return {
    element,
    modes,
    sides: { original: original.controls, reworked: reworked.controls },
    speakerPrefix: speakerPrefix.input,
    tiers,
    columnMap,
    ctmGap,
    session,
    splits: splits.input,
    merges: merges.input,
    keepDiacritics: keepDiacritics.input,
    simple: simple.input,
    positional: positional.input,
    ignore,
    normalization,
    body,
    audio,
    key,
    forgetKey,
    submit,
  };
}
