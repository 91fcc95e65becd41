/**
 * ELAN annotation documents (.eaf, XML).
 *
 * Rows come from the time-aligned tiers: those whose linguistic type has TIME_ALIGNABLE="true",
 * or names no type the file defines otherwise. Symbolic tiers (translations, glosses: their
 * annotations are REF_ANNOTATIONs pointing at another annotation) are rows only when
 * `ReadOptions.tiers` names them; a REF_ANNOTATION takes the times of the annotation it refers to,
 * followed to the time-aligned one. With `tiers`, exactly the named tiers are read.
 *
 * Times: TIME_SLOTs hold milliseconds (seconds in the rows). ELAN leaves the slots between the
 * words of a time subdivision without a value and shows the parent's span spread evenly over its
 * unaligned children: a slot k steps after the last timed slot of its tier's chain of annotations
 * and m steps before the next is at `before + (after - before) * k / (k + m)`, with a warning.
 * A slot whose chain has no timed end is placed between the nearest timed slots of the
 * TIME_ORDER instead; one with no timed slot on one side even there is an error.
 *
 * Speaker: the tier's PARTICIPANT, else its TIER_ID. Blank annotations are not rows (a warning
 * counts them). Rows are ordered by start time, ties in tier order.
 */
import { nonBlank } from './row-fields';
import { unsignedDecimal } from './seconds';
import { orderByStartTime } from './time-order';
import { FormatError, type FormatAdapter, type FormatWarning, type ReadOptions, type ReadResult, type TranscriptRow } from './types';
import { childElements, decodeXml, locationOf, parseXml, requiredAttribute, textContent, type XmlElement } from './xml';

interface Tier {
  id: string;
  speaker: string;
  typeRef: string | undefined;
  parentRef: string | undefined;
  element: XmlElement;
}

interface Annotation {
  id: string;
  element: XmlElement;
  /** ALIGNABLE_ANNOTATION: its two slot ids; REF_ANNOTATION: the id it refers to. */
  slots?: [string, string];
  ref?: string;
}

interface SlotTime {
  seconds: number;
  interpolated: boolean;
}

interface TimeSlots {
  /** The slot's own value in milliseconds, undefined for an unaligned slot or an unknown id. */
  ms(id: string): number | undefined;
  has(id: string): boolean;
  /** The slot's time by its place in TIME_ORDER (its own where it has one). */
  byOrder(id: string): SlotTime;
}

/** Each TIME_SLOT's time in milliseconds, and its place in TIME_ORDER for slots the file gives none. */
function readTimeSlots(root: XmlElement): TimeSlots {
  const timeOrder = childElements(root, 'TIME_ORDER')[0];
  if (!timeOrder) throw new FormatError('the document has no <TIME_ORDER>: ELAN documents list their time slots there', locationOf(root));
  const slots = childElements(timeOrder, 'TIME_SLOT');
  const ms = slots.map((slot) => {
    const value = slot.attributes['TIME_VALUE'];
    if (value === undefined) return undefined;
    const milliseconds = unsignedDecimal(value.trim());
    if (milliseconds === undefined) {
      throw new FormatError(`TIME_SLOT ${slot.attributes['TIME_SLOT_ID'] ?? ''} has TIME_VALUE "${value}": expected milliseconds (a whole number)`, locationOf(slot));
    }
    return milliseconds;
  });
  const times = new Map<string, () => SlotTime>();
  const indexOf = new Map<string, number>();
  slots.forEach((slot, index) => {
    const id = requiredAttribute(slot, 'TIME_SLOT_ID');
    if (times.has(id)) throw new FormatError(`two TIME_SLOTs have the id "${id}"`, locationOf(slot));
    indexOf.set(id, index);
    // Lazily: an unaligned slot no row uses needs no timed neighbours.
    times.set(id, () => {
      const own = ms[index];
      if (own !== undefined) return { seconds: own / 1000, interpolated: false };
      let before = index - 1;
      while (before >= 0 && ms[before] === undefined) before--;
      let after = index + 1;
      while (after < ms.length && ms[after] === undefined) after++;
      if (before < 0 || after >= ms.length) {
        throw new FormatError(`TIME_SLOT "${id}" has no TIME_VALUE and no timed slot ${before < 0 ? 'before' : 'after'} it in TIME_ORDER to place it`, locationOf(slot));
      }
      const from = ms[before] as number;
      const to = ms[after] as number;
      return { seconds: (from + ((to - from) * (index - before)) / (after - before)) / 1000, interpolated: true };
    });
  });
  return {
    ms: (id) => ms[indexOf.get(id) ?? -1],
    has: (id) => times.has(id),
    byOrder: (id) => (times.get(id) as () => SlotTime)(),
  };
}

/**
 * The times of one tier's slots as ELAN shows them: an unaligned slot spread evenly along the
 * tier's chain of annotations (REF1 → REF2) between the nearest timed slots of that chain.
 */
function chainTimes(slots: TimeSlots, annotations: readonly Annotation[]): (slot: string) => SlotTime {
  const next = new Map<string, string>();
  const previous = new Map<string, string>();
  for (const { slots: pair } of annotations) {
    if (pair === undefined) continue;
    next.set(pair[0], pair[1]);
    previous.set(pair[1], pair[0]);
  }
  /** The first timed slot along `links` from `slot`, and how many steps away it is. */
  const walk = (slot: string, links: Map<string, string>): { ms: number; steps: number } | undefined => {
    let current = slot;
    for (let steps = 1; steps <= links.size; steps++) {
      const following = links.get(current);
      if (following === undefined) return undefined;
      const ms = slots.ms(following);
      if (ms !== undefined) return { ms, steps };
      current = following;
    }
    return undefined;
  };
  return (slot) => {
    const own = slots.ms(slot);
    if (own !== undefined) return { seconds: own / 1000, interpolated: false };
    const before = walk(slot, previous);
    const after = walk(slot, next);
    if (before === undefined || after === undefined) return slots.byOrder(slot);
    return { seconds: (before.ms + ((after.ms - before.ms) * before.steps) / (before.steps + after.steps)) / 1000, interpolated: true };
  };
}

/** Linguistic type id → whether its tiers are time-aligned (xsd:boolean; absent means true). */
function readLinguisticTypes(root: XmlElement): Map<string, boolean> {
  const types = new Map<string, boolean>();
  for (const type of childElements(root, 'LINGUISTIC_TYPE')) {
    const flag = (type.attributes['TIME_ALIGNABLE'] ?? 'true').trim();
    if (!['true', 'false', '1', '0'].includes(flag)) {
      throw new FormatError(`LINGUISTIC_TYPE has TIME_ALIGNABLE="${flag}": expected true or false`, locationOf(type));
    }
    types.set(requiredAttribute(type, 'LINGUISTIC_TYPE_ID'), flag === 'true' || flag === '1');
  }
  return types;
}

function readTiers(root: XmlElement): Tier[] {
  const seen = new Set<string>();
  return childElements(root, 'TIER').map((element) => {
    const id = requiredAttribute(element, 'TIER_ID');
    if (seen.has(id)) throw new FormatError(`two TIERs have the id "${id}"`, locationOf(element));
    seen.add(id);
    return {
      id,
      speaker: nonBlank(element.attributes['PARTICIPANT']) ?? id,
      typeRef: element.attributes['LINGUISTIC_TYPE_REF'],
      parentRef: element.attributes['PARENT_REF'],
      element,
    };
  });
}

/** The annotations of a tier, in document order. */
function annotationsOf(tier: Tier): Annotation[] {
  return childElements(tier.element, 'ANNOTATION').map((wrapper) => {
    const element = wrapper.children.find((node): node is XmlElement => typeof node !== 'string');
    if (element?.name === 'ALIGNABLE_ANNOTATION') {
      const slots: [string, string] = [requiredAttribute(element, 'TIME_SLOT_REF1'), requiredAttribute(element, 'TIME_SLOT_REF2')];
      return { id: requiredAttribute(element, 'ANNOTATION_ID'), element, slots };
    }
    if (element?.name === 'REF_ANNOTATION') {
      return { id: requiredAttribute(element, 'ANNOTATION_ID'), element, ref: requiredAttribute(element, 'ANNOTATION_REF') };
    }
    throw new FormatError(`<ANNOTATION> in tier "${tier.id}" holds no ALIGNABLE_ANNOTATION or REF_ANNOTATION`, locationOf(wrapper));
  });
}

function readEaf(bytes: Uint8Array, options: ReadOptions = {}): ReadResult {
  const root = parseXml(decodeXml(bytes));
  if (root.name !== 'ANNOTATION_DOCUMENT') {
    throw new FormatError(`expected an ELAN document (<ANNOTATION_DOCUMENT>), found <${root.name}>`, locationOf(root));
  }
  const header = childElements(root, 'HEADER')[0];
  const units = header?.attributes['TIME_UNITS'] ?? 'milliseconds';
  if (units !== 'milliseconds') {
    throw new FormatError(`the HEADER gives TIME_UNITS="${units}"; only milliseconds are read: save the file again from ELAN`, header ? locationOf(header) : {});
  }
  const slotTimes = readTimeSlots(root);
  const types = readLinguisticTypes(root);
  const tiers = readTiers(root);
  const warnings: FormatWarning[] = [];

  let chosen: Tier[];
  if (options.tiers !== undefined) {
    const known = new Set(tiers.map((tier) => tier.id));
    const unknown = options.tiers.filter((id) => !known.has(id));
    if (unknown.length > 0) {
      throw new FormatError(`the document has no tier ${unknown.map((id) => `"${id}"`).join(', ')}; its tiers are ${tiers.map((tier) => `"${tier.id}"`).join(', ') || 'none'}`);
    }
    const wanted = new Set(options.tiers);
    chosen = tiers.filter((tier) => wanted.has(tier.id));
  } else {
    chosen = tiers.filter((tier) => {
      if (tier.typeRef === undefined) return true;
      const aligned = types.get(tier.typeRef);
      if (aligned === undefined) {
        warnings.push({ message: `tier "${tier.id}" names the linguistic type "${tier.typeRef}", which the document does not define: read as time-aligned`, location: locationOf(tier.element) });
        return true;
      }
      return aligned;
    });
    for (const tier of chosen.filter((t) => t.parentRef !== undefined)) {
      warnings.push({
        message: `tier "${tier.id}" is time-aligned but depends on tier "${tier.parentRef}": its annotations usually repeat its parent's; choose the tiers to read by name if they do`,
        location: locationOf(tier.element),
      });
    }
  }

  const annotationsByTier = new Map(tiers.map((tier) => [tier.id, annotationsOf(tier)]));
  const byId = new Map<string, Annotation>();
  for (const annotation of [...annotationsByTier.values()].flat()) {
    if (byId.has(annotation.id)) throw new FormatError(`two annotations have the id "${annotation.id}"`, locationOf(annotation.element));
    byId.set(annotation.id, annotation);
  }

  /** The time-aligned annotation `annotation` is, or refers to (through any chain of references). */
  const alignedOf = (annotation: Annotation): Annotation & { slots: [string, string] } => {
    let current = annotation;
    for (let hops = 0; current.slots === undefined; hops++) {
      const target = byId.get(current.ref as string);
      if (!target) throw new FormatError(`annotation "${current.id}" refers to "${current.ref}", which the document does not hold`, locationOf(current.element));
      if (hops > byId.size) throw new FormatError(`annotation "${annotation.id}" refers to itself through a chain of references`, locationOf(annotation.element));
      current = target;
    }
    return current as Annotation & { slots: [string, string] };
  };
  // A symbolic annotation takes the times of the aligned one it refers to, on that one's tier.
  const tierOfAnnotation = new Map<string, string>();
  for (const [tierId, annotations] of annotationsByTier) for (const annotation of annotations) tierOfAnnotation.set(annotation.id, tierId);
  const chains = new Map<string, (slot: string) => SlotTime>();
  const timeOf = (slot: string, annotation: Annotation, aligned: Annotation): SlotTime => {
    if (!slotTimes.has(slot)) throw new FormatError(`annotation "${annotation.id}" uses the time slot "${slot}", which TIME_ORDER does not hold`, locationOf(annotation.element));
    const tierId = tierOfAnnotation.get(aligned.id) as string;
    let chain = chains.get(tierId);
    if (chain === undefined) {
      chain = chainTimes(slotTimes, annotationsByTier.get(tierId) ?? []);
      chains.set(tierId, chain);
    }
    return chain(slot);
  };

  const rows: TranscriptRow[] = [];
  for (const tier of chosen) {
    let empty = 0;
    let interpolated = 0;
    for (const annotation of annotationsByTier.get(tier.id) ?? []) {
      const value = childElements(annotation.element, 'ANNOTATION_VALUE')[0];
      // Rows are one line: a line break inside an annotation is a space.
      const transcript = (value ? textContent(value) : '').replace(/\r\n|\r|\n/g, ' ').trim();
      if (transcript === '') {
        empty++;
        continue;
      }
      const aligned = alignedOf(annotation);
      const [from, to] = aligned.slots;
      const start = timeOf(from, annotation, aligned);
      const end = timeOf(to, annotation, aligned);
      if (end.seconds < start.seconds) {
        throw new FormatError(`annotation "${annotation.id}" in tier "${tier.id}" ends (${end.seconds} s) before it starts (${start.seconds} s)`, locationOf(annotation.element));
      }
      interpolated += Number(start.interpolated) + Number(end.interpolated);
      rows.push({ transcript, speaker: tier.speaker, start_time: start.seconds, end_time: end.seconds });
    }
    if (empty > 0) warnings.push({ message: `tier "${tier.id}": ${empty} empty annotation(s) are not rows`, location: locationOf(tier.element) });
    if (interpolated > 0) {
      warnings.push({
        message: `tier "${tier.id}": ${interpolated} annotation boundary(ies) have no time in the file; spread evenly between the nearest timed ones, as ELAN shows them`,
        location: locationOf(tier.element),
      });
    }
  }
  return { rows: orderByStartTime(rows), warnings };
}

export const eafFormat: FormatAdapter = {
  name: 'eaf',
  title: 'ELAN annotation document (.eaf)',
  extensions: ['.eaf'],
  sniff: (text) => /<ANNOTATION_DOCUMENT[\s>]/.test(text.slice(0, 4096)),
  read: (bytes, options) => readEaf(bytes, options),
};
