/** The file is not a spreadsheet that may be read, or passes a limit; the message says why, for the editor. */
export class SpreadsheetError extends Error {
  override name = 'SpreadsheetError';
}
