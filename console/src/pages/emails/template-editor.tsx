/**
 * One template's editor: the subject and the body's texts and links, the variables they can use,
 * the server's live preview, Save, and Reset to default (after a confirmation).
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { EmailTemplate } from 'signet/plugins/admin-emails';
import { Actions, Button, ConfirmButton, FormError, Note, TextField } from 'signet/react';
import { useProjectAdmin } from '../../admin/admin-context.js';
import { useToast } from '../../shell/toasts.js';
import { messageOf } from '../../shell/use-load.js';
import { documentFields, withField } from './document-fields.js';
import { TEMPLATE_NAMES } from './template-names.js';
import { TemplatePreview } from './template-preview.js';
import { TemplateVariables } from './template-variables.js';
import { useTemplatePreview } from './use-template-preview.js';

/** A multi-line text field of the body. */
function TextAreaField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  const id = useId();
  return (
    <div className="signet-field">
      <label className="signet-label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="signet-input console-emails-textarea"
        value={value}
        rows={3}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/** Edits `template`; `canSave` is false on the shared email server, where templates cannot change. */
export function TemplateEditor({
  template,
  canSave,
  onSaved,
  onClose,
}: {
  template: EmailTemplate;
  canSave: boolean;
  onSaved: () => void;
  onClose: () => void;
}) {
  const { app } = useProjectAdmin();
  const toast = useToast();
  const [subject, setSubject] = useState(template.subject);
  const [content, setContent] = useState(template.content);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fields = useMemo(() => documentFields(content), [content]);
  const preview = useTemplatePreview(template.type, subject, content);
  const { name } = TEMPLATE_NAMES[template.type];
  const changed = subject !== template.subject || content !== template.content;
  const heading = useRef<HTMLHeadingElement>(null);
  // Opening an editor (Edit in the list) takes a keyboard user to it rather than leaving them above.
  useEffect(() => heading.current?.focus(), []);

  const save = async () => {
    if (!subject.trim()) {
      setError('The subject cannot be empty.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await app.emails.updateTemplate(template.type, { subject, content });
      toast(`${name} template saved`);
      onSaved();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  const reset = async () => {
    try {
      await app.emails.resetTemplate(template.type);
      toast(`${name} template reset to the default`);
      onSaved();
    } catch (e) {
      toast(`The template could not be reset. ${messageOf(e)}`, 'error');
    }
  };

  return (
    <div className="console-emails-editor">
      <div className="console-emails-editor-fields">
        <h3 ref={heading} tabIndex={-1} className="console-emails-editor-title">
          {name}
        </h3>
        {!canSave && (
          <Note>
            Templates can be changed only when the project sends through its own SMTP server (above). You can
            still try changes here and see them in the preview.
          </Note>
        )}
        <TextField label="Subject" value={subject} onChange={(e) => setSubject(e.target.value)} />
        <fieldset className="console-emails-body">
          <legend className="signet-label">Body</legend>
          {fields.length === 0 && <Note>This template's body has no text to edit here.</Note>}
          {fields.map((field) =>
            field.multiline ? (
              <TextAreaField
                key={`${field.blockId}.${field.prop}`}
                label={field.label}
                value={field.value}
                onChange={(v) => setContent((c) => withField(c, field.blockId, field.prop, v))}
              />
            ) : (
              <TextField
                key={`${field.blockId}.${field.prop}`}
                label={field.label}
                value={field.value}
                onChange={(e) => setContent((c) => withField(c, field.blockId, field.prop, e.target.value))}
              />
            ),
          )}
        </fieldset>
        <FormError>{error}</FormError>
        <Actions>
          <Button onClick={save} loading={busy} disabled={!canSave || !changed}>
            Save template
          </Button>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Close
          </Button>
          {!template.isDefault && (
            <ConfirmButton
              label="Reset to default"
              question={`Replace the ${name} template with the default? Your changes to it are lost.`}
              confirmLabel="Yes, reset"
              onConfirm={reset}
            />
          )}
        </Actions>
      </div>
      <TemplatePreview name={name} state={preview} />
      <TemplateVariables variables={preview.preview?.variables ?? null} />
    </div>
  );
}
