/**
 * A JSON field that refuses invalid JSON: the text is checked as it is typed, the first error is
 * shown with its line and column, and Save stays disabled until the text parses, so nothing
 * invalid is ever sent. Format re-indents valid JSON; Reset goes back to the saved value.
 */
import { useId, useMemo, useState } from 'react';
import { Button } from 'signet/react';
import { formatJson, parseJson } from './parse-json.js';
import './json-editor.css';

/** Props of `JsonEditor`. */
export interface JsonEditorProps {
  /** The field's label ("Client metadata"). */
  label: string;
  /** What the field is for, under the label. */
  description?: string;
  /** The saved value; the editor starts from it and goes back to it after a save. */
  value: unknown;
  /** Saves a parsed value; resolves an error message to show, or null when saved. */
  onSave: (value: unknown) => Promise<string | null>;
}

/** A labelled JSON textarea with Save, Format and Reset. */
export function JsonEditor({ label, description, value, onSave }: JsonEditorProps) {
  const saved = useMemo(() => formatJson(value), [value]);
  const [text, setText] = useState(saved);
  const [textIsFrom, setTextIsFrom] = useState(saved);
  const [busy, setBusy] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  // A new saved value (after a save, or a reload) replaces the text. This is done while rendering,
  // not in an effect: a mount effect runs on a later task when the editor is revealed from a lazy
  // load, and would wipe a keystroke that landed first.
  if (textIsFrom !== saved) {
    setTextIsFrom(saved);
    setText(saved);
  }
  const parsed = useMemo(() => parseJson(text), [text]);
  const id = useId();
  const statusId = `${id}-status`;
  const descriptionId = `${id}-description`;
  const changed = text !== saved;

  const save = async () => {
    if (!parsed.ok || busy) return;
    setBusy(true);
    setSaveError(null);
    try {
      setSaveError(await onSave(parsed.value));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="console-json-editor" data-invalid={parsed.ok ? undefined : ''}>
      <label className="console-json-editor-label" htmlFor={id}>
        {label}
      </label>
      {description && (
        <p className="console-muted console-json-editor-description" id={descriptionId}>
          {description}
        </p>
      )}
      <textarea
        id={id}
        value={text}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        rows={Math.min(16, Math.max(4, text.split('\n').length + 1))}
        aria-invalid={parsed.ok ? undefined : true}
        aria-describedby={[description ? descriptionId : '', statusId].filter(Boolean).join(' ')}
        onChange={(event) => {
          setText(event.target.value);
          setSaveError(null);
        }}
      />
      <p id={statusId} className="console-json-editor-status" aria-live="polite">
        {parsed.ok ? (
          changed ? (
            <span className="console-muted">Valid JSON, not saved yet.</span>
          ) : null
        ) : (
          <span className="console-json-editor-error">
            Invalid JSON at line {parsed.error.line}, column {parsed.error.column}: {parsed.error.message}.
          </span>
        )}
      </p>
      {saveError && (
        <p className="console-json-editor-error" role="alert">
          {saveError}
        </p>
      )}
      <div className="console-row">
        <Button onClick={save} disabled={!parsed.ok || !changed} loading={busy}>
          Save {label.toLowerCase()}
        </Button>
        <Button
          variant="secondary"
          disabled={!parsed.ok}
          onClick={() => parsed.ok && setText(formatJson(parsed.value))}
        >
          Format
        </Button>
        <Button variant="secondary" disabled={!changed || busy} onClick={() => setText(saved)}>
          Reset
        </Button>
      </div>
    </div>
  );
}
