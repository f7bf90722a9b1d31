import type { ChangeEvent } from 'react';
import { gettext } from '../../lib/i18n';
import type { SerializedOptgroup, SerializedWidget } from '../../lib/server-forms';
import { widgetProps } from './widget-props';

/** Props of Widget: the description, plus what the field around it adds. */
export interface WidgetProps {
  widget: SerializedWidget;
  describedBy?: string;
  invalid?: boolean;
  /** Only these optgroups are offered (by label); every group when absent. */
  groups?: ReadonlySet<string>;
  /** Makes the widget controlled: the value shown and what to do on change. */
  value?: string;
  onChange?(value: string): void;
  className?: string;
}

function options(optgroups: readonly SerializedOptgroup[], groups: ReadonlySet<string> | undefined) {
  return optgroups.map(([label, choices, index]) => {
    const rendered = choices.map((choice) => (
      <option key={choice.value} value={choice.value}>
        {gettext(choice.label)}
      </option>
    ));
    if (label === null) return rendered;
    if (groups && !groups.has(label)) return null;
    return (
      <optgroup key={index} label={gettext(label)}>
        {rendered}
      </optgroup>
    );
  });
}

/** Draws one serialized widget: input, textarea or select with its optgroups (SPEC §3 "Server forms"). */
export default function Widget({ widget, describedBy, invalid, groups, value, onChange, className = 'form__input' }: WidgetProps) {
  const common = {
    ...widgetProps(widget.attrs),
    'aria-describedby': describedBy,
    'aria-invalid': invalid || undefined,
  };
  const controlled = onChange
    ? { value: value ?? '', onChange: (event: ChangeEvent<HTMLInputElement & HTMLSelectElement & HTMLTextAreaElement>) => onChange(event.target.value) }
    : undefined;
  if (widget.tag === 'select') {
    const selected = widget.optgroups.flatMap(([, choices]) => choices).find((choice) => choice.selected)?.value ?? '';
    return (
      <select className={className} {...common} {...(controlled ?? { defaultValue: selected })}>
        {options(widget.optgroups, groups)}
      </select>
    );
  }
  if (widget.tag === 'textarea') return <textarea className={className} {...common} {...(controlled ?? { defaultValue: widget.value ?? '' })} />;
  if (widget.attrs.type === 'checkbox') return <input className="form-check__input" {...common} />;
  if (widget.tag === 'input') return <input className={className} {...common} {...(controlled ?? { defaultValue: widget.value ?? '' })} />;
  return <div {...common} />;
}
