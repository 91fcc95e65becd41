/** `analysis.editKinds.entries`: how many MODIFIED, SPLIT and MERGED entries have each kind of change. */
import type { EditKind, EditKindsAnalysis } from '../types';

export class EditKindCounts {
  readonly counts: EditKindsAnalysis['entries'] = { case: 0, punctuation: 0, whitespace: 0, content: 0, styleOnly: 0 };

  /** One entry's kinds: each counts; with no `content` and some kind, the entry is style only. */
  add(kinds: readonly EditKind[]): void {
    for (const kind of kinds) this.counts[kind]++;
    if (kinds.length > 0 && kinds[0] !== 'content') this.counts.styleOnly++;
  }
}
