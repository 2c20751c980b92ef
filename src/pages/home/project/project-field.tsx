import { useEffect, useId, useState } from 'react';

export interface ProjectFieldProps {
  label: string;
  help?: string;
  value: string;
  /** Called when the field is left with a changed value. */
  onSave(value: string): void;
  multiline?: boolean;
  /** The most the project's row may hold in this field (readLibraryRecord's limit): past it, backup, restore and sync would refuse the project. */
  maxLength?: number;
  className?: string;
}

/**
 * One of a project's texts (name, description, instructions), edited in place and saved when
 * the field is left. A change from elsewhere (another tab, sync) shows unless the user is typing.
 */
export function ProjectField({ label, help, value, onSave, multiline = false, maxLength, className }: ProjectFieldProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    if (!editing) setText(value);
  }, [value, editing]);
  const common = {
    id,
    className: 'project-field__input',
    value: text,
    maxLength,
    'aria-describedby': help ? `${id}help` : undefined,
    onFocus: () => setEditing(true),
    onBlur: () => {
      setEditing(false);
      if (text !== value) onSave(text);
    },
  };
  return (
    <div className={['project-field', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="project-field__label">
        {label}
      </label>
      {help && (
        <p id={`${id}help`} className="project-field__help">
          {help}
        </p>
      )}
      {multiline ? (
        <textarea {...common} rows={4} onChange={(event) => setText(event.target.value)} />
      ) : (
        <input {...common} type="text" onChange={(event) => setText(event.target.value)} />
      )}
    </div>
  );
}
