import { useId } from 'react';
import { gettext } from '../lib/i18n';
import type { ContainerWidth } from './types';

/** Props of the table block: plain-text cells, every row as long as the header row. */
export interface TableProps {
  caption: string;
  header: string[];
  rows: string[][];
  firstColumnIsHeader: boolean;
  containerWidth: ContainerWidth;
}

/**
 * A data table in a container width. Wide tables scroll sideways inside a focusable region, so
 * keyboard users can scroll them too.
 */
export default function Table({ caption, header, rows, firstColumnIsHeader, containerWidth }: TableProps) {
  const captionId = useId();
  return (
    <div className={`table-block container-width--${containerWidth}`}>
      <div className="table-block__scroller" role="region" tabIndex={0} {...(caption ? { 'aria-labelledby': captionId } : { 'aria-label': gettext('Table') })}>
        <table className="table-block__table">
          {caption && (
            <caption id={captionId} className="table-block__caption">
              {caption}
            </caption>
          )}
          <thead>
            <tr>
              {header.map((label, column) => (
                <th key={column} scope="col">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, rowIndex) => (
              <tr key={rowIndex}>
                {row.map((cell, column) =>
                  firstColumnIsHeader && column === 0 ? (
                    <th key={column} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={column}>{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
