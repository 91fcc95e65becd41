/**
 * The text a player shows of a SubRip cue. SubRip has no written standard: players (VLC first,
 * whose rules the "SubRip capability tester" file sets out) render <i> <b> <u> <s> <font> and
 * <br>, hide an unknown tag when the cue also closes it, and show an unknown tag that is never
 * closed, or a closing tag never opened, as text (`<3`, `a < b` and `<laughs` stay). Writers
 * borrow from ASS the override blocks `{\an8}`, the line break `\N` (`\n`) and the hard space
 * `\h`, and from MicroDVD the style codes `{y:i}`, `{c:$0000ff}`: players hide the codes and
 * break or space the text (FFmpeg's SubRip decoder, libass, pysubs2's plaintext).
 */

const KNOWN_TAGS = new Set(['i', 'b', 'u', 's', 'font', 'br']);
// A tag: `<`, an optional `/`, a name that starts with a letter, attributes, `>`; spaces allowed
// around the slash and the name as players tolerate them (`< /  i >`).
const TAG = /<\s*(\/?)\s*([a-zA-Z][\w-]*)((?:\s[^<>]*)?)\/?\s*>/g;
// ASS override blocks `{\…}` and MicroDVD codes `{y:…}` (FFmpeg's list: C c F f o P S s Y y).
const CODES = /\{\\[^}]*\}|\{[CcFfoPSsYy]:[^}]*\}/g;

/** The cue's lines as one string of what is shown: markup removed, breaks and hard spaces as spaces. */
export function subripShownText(lines: readonly string[]): string {
  const text = lines.join('\n').replace(CODES, '').replace(/\\[Nn]/g, '\n').replace(/\\h/g, ' ');
  const names = [...text.matchAll(TAG)].map((m) => ({ closing: m[1] === '/', name: m[2].toLowerCase() }));
  const opened = new Set(names.filter((tag) => !tag.closing).map((tag) => tag.name));
  const closed = new Set(names.filter((tag) => tag.closing).map((tag) => tag.name));
  return text.replace(TAG, (whole, _slash: string, name: string) => {
    const lower = name.toLowerCase();
    if (lower === 'br') return '\n';
    if (KNOWN_TAGS.has(lower)) return '';
    // An unknown tag is markup when the cue has both its ends; alone, it is text a player shows.
    return opened.has(lower) && closed.has(lower) ? '' : whole;
  });
}
