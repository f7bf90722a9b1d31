import type { Config } from '../config';

/** How much reading one spreadsheet may take (config SPREADSHEET_*), checked before, during and around the parse. */
export interface SpreadsheetLimits {
  /** Most bytes a workbook's files may unpack to, or a text file may hold. */
  maxUnpackedBytes: number;
  /** Most files a workbook (a zip archive) may hold. */
  maxEntries: number;
  /** Most rows below the header. */
  maxRows: number;
  /** Longest the parse may run before its worker is stopped. */
  timeoutMs: number;
  /** Most heap the parse's worker may use, in megabytes. */
  maxMemoryMb: number;
}

/** The spreadsheet limits a configuration sets. */
export function spreadsheetLimitsOf(
  config: Pick<Config, 'SPREADSHEET_MAX_UNPACKED_MB' | 'SPREADSHEET_MAX_ENTRIES' | 'SPREADSHEET_MAX_ROWS' | 'SPREADSHEET_READ_TIMEOUT_SECONDS' | 'SPREADSHEET_READ_MEMORY_MB'>,
): SpreadsheetLimits {
  return {
    maxUnpackedBytes: config.SPREADSHEET_MAX_UNPACKED_MB * 1_000_000,
    maxEntries: config.SPREADSHEET_MAX_ENTRIES,
    maxRows: config.SPREADSHEET_MAX_ROWS,
    timeoutMs: config.SPREADSHEET_READ_TIMEOUT_SECONDS * 1000,
    maxMemoryMb: config.SPREADSHEET_READ_MEMORY_MB,
  };
}
