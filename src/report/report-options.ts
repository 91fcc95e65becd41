/** How a report is labelled, shared by the page (mountReport) and the HTML file (reportHtml). */
import type { ColumnMapping } from '../engine/index';

/** One side's file: its name, and when known its format and row count. */
export interface SideLabel {
  name: string;
  format?: string;
  rows?: number;
}

/** `href` relative to the report or an http(s)/file URL (link-href.ts); `label` is its text. */
export interface BackLink {
  href: string;
  label: string;
}

/**
 * How the request named its columns, where it did: the report then takes the transcript, the
 * speaker and the times from the same columns as the engine (D5.1, D7.9), which `data` alone
 * does not always tell (2-D input, `config.speakerColName`).
 */
export interface ReportColumns {
  columnMapping?: ColumnMapping;
  speakerColName?: string;
}

export interface ReportOptions {
  title?: string;
  sides?: { original: SideLabel; reworked: SideLabel };
  /** Audio the rows' times refer to: a URL (relative/absolute/file:) or a blob: URL. */
  audio?: string;
  /** A link drawn above the title, back to the page the report belongs to (a corpus index). */
  back?: BackLink;
  columns?: ReportColumns;
}
