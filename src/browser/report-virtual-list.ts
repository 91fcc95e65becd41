/**
 * A long list of variable-height items in the page's own scroll, with only the items in view
 * (and a screen's margin above and below) in the DOM. Heights start as estimates and become
 * measured ones as items are drawn; measurements are kept per item key until the list's width
 * changes. When a drawn item turns out taller or shorter than estimated, the page is scrolled by
 * the difference above the first item in view, so what the reader looks at does not move.
 */

export interface VirtualListOptions<T> {
  draw(item: T): HTMLElement;
  /** Pixels the item is expected to take before it is measured. */
  estimate(item: T): number;
  /** A stable key of the item, for its measured height. */
  key(item: T): number;
  /** Pixels at the top of the window covered by sticky content (the toolbar). */
  topInset(): number;
}

/** Passes of draw-and-measure in one frame: later passes only draw items the earlier ones uncovered. */
const MAX_PASSES = 4;

export class VirtualList<T> {
  private items: readonly T[] = [];
  private offsets = new Float64Array(1);
  private readonly measured = new Map<number, number>();
  private readonly drawn = new Map<number, HTMLElement>();
  private frame = 0;
  private width = -1;
  /** The first item in view at the last render (-1: the list starts below the window top). */
  private inView = -1;
  /** An item being brought to the top of the view by `scrollTo`. */
  private target: number | null = null;
  private readonly onScroll = () => this.schedule();

  constructor(
    private readonly host: HTMLElement,
    private readonly options: VirtualListOptions<T>,
  ) {
    host.classList.add('virtual-list');
    window.addEventListener('scroll', this.onScroll, { passive: true });
    window.addEventListener('resize', this.onScroll);
  }

  destroy(): void {
    window.removeEventListener('scroll', this.onScroll);
    window.removeEventListener('resize', this.onScroll);
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.host.replaceChildren();
  }

  /** Replaces the items (a new filter): everything drawn is dropped and the layout rebuilt. */
  setItems(items: readonly T[]): void {
    this.items = items;
    for (const element of this.drawn.values()) element.remove();
    this.drawn.clear();
    this.layout();
    this.schedule();
  }

  /** Draws an item again, now (its content changed); it is measured again. */
  redraw(position: number): void {
    const element = this.drawn.get(position);
    if (element === undefined) return;
    element.remove();
    this.drawn.delete(position);
    this.measured.delete(this.options.key(this.items[position]!));
    this.render();
  }

  /** The element of an item, when it is drawn. */
  elementAt(position: number): HTMLElement | undefined {
    return this.drawn.get(position);
  }

  /** Scrolls the item to the top of the view (below the sticky inset), now and once measured. */
  scrollTo(position: number): void {
    if (position < 0 || position >= this.items.length) return;
    this.target = position;
    this.alignTarget();
    this.render();
    // Held only while this jump draws and measures: later the reader's own scrolling rules.
    this.target = null;
  }

  /** Draws what is in view now, rather than on the next frame (a test or a jump needs the rows). */
  render(): void {
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    const width = this.host.clientWidth;
    // Held for this render only, when a new width moves the item the reader was looking at.
    let keep = false;
    if (width !== this.width) {
      // The item in view at the last render: by now the page above the list may have re-wrapped
      // and moved it, so where the window stands says nothing about it.
      const anchor = this.width >= 0 ? this.inView : -1;
      // Text wraps differently at another width: every measured height is stale, and so is every
      // drawn item's place; they are drawn and measured again.
      this.width = width;
      this.measured.clear();
      for (const element of this.drawn.values()) element.remove();
      this.drawn.clear();
      this.layout();
      if (anchor >= 0 && this.target === null) {
        this.target = anchor;
        this.alignTarget();
        keep = true;
      }
    }
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      if (!this.drawRange()) break;
    }
    if (keep) this.target = null;
    this.inView = this.items.length > 0 && this.hostTop() < 0 ? this.positionAt(-this.hostTop()) : -1;
  }

  private schedule(): void {
    if (this.frame === 0) this.frame = requestAnimationFrame(() => this.render());
  }

  private heightOf(position: number): number {
    const item = this.items[position]!;
    return this.measured.get(this.options.key(item)) ?? this.options.estimate(item);
  }

  private layout(): void {
    const n = this.items.length;
    const offsets = new Float64Array(n + 1);
    for (let k = 0; k < n; k++) offsets[k + 1] = offsets[k]! + this.heightOf(k);
    this.offsets = offsets;
    this.host.style.height = `${offsets[n]}px`;
  }

  /** The first position whose bottom lies below `y` (list coordinates). */
  private positionAt(y: number): number {
    let lo = 0;
    let hi = this.items.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.offsets[mid + 1]! > y) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  private hostTop(): number {
    return this.host.getBoundingClientRect().top;
  }

  private alignTarget(): void {
    if (this.target === null || this.target >= this.items.length) return;
    const y = window.scrollY + this.hostTop() + this.offsets[this.target]! - this.options.topInset() - 8;
    window.scrollTo(window.scrollX, Math.max(0, y));
  }

  /** Draws the items in range and measures them; true when a height changed (the range may have too). */
  private drawRange(): boolean {
    const n = this.items.length;
    const viewTop = -this.hostTop();
    const margin = window.innerHeight;
    const first = n === 0 ? 0 : this.positionAt(Math.max(0, viewTop - margin));
    let last = first;
    while (last < n && this.offsets[last]! < viewTop + window.innerHeight + margin) last++;

    for (const [position, element] of this.drawn) {
      if (position < first || position >= last) {
        element.remove();
        this.drawn.delete(position);
      }
    }
    const added: number[] = [];
    for (let position = first; position < last; position++) {
      if (this.drawn.has(position)) continue;
      const element = this.options.draw(this.items[position]!);
      element.style.top = `${this.offsets[position]}px`;
      this.drawn.set(position, element);
      this.host.appendChild(element);
      added.push(position);
    }
    if (added.length === 0) return false;

    // The first item in view and where it stands, to keep it there when heights above it change.
    const anchor = this.positionAt(Math.max(0, viewTop));
    const anchorOffset = this.offsets[anchor] ?? 0;
    let changed = false;
    for (const position of added) {
      const height = this.drawn.get(position)!.offsetHeight;
      const key = this.options.key(this.items[position]!);
      if (height !== this.heightOf(position)) changed = true;
      this.measured.set(key, height);
    }
    if (!changed) return true;
    this.layout();
    for (const [position, element] of this.drawn) element.style.top = `${this.offsets[position]}px`;
    if (this.target !== null) this.alignTarget();
    else if (anchor < n && viewTop > 0) window.scrollBy(0, (this.offsets[anchor] ?? 0) - anchorOffset);
    return true;
  }
}
