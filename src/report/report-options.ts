/** How a report is labelled, shared by the page (mountReport) and the HTML file (reportHtml). */

/** One side's file: its name, and when known its format and row count. */
export interface SideLabel {
  name: string;
  format?: string;
  rows?: number;
}

export interface ReportOptions {
  title?: string;
  sides?: { original: SideLabel; reworked: SideLabel };
  /** Audio the rows' times refer to: a URL (relative/absolute/file:) or a blob: URL. */
  audio?: string;
}
