/**
 * The rendered email beside the editor: its subject, and its HTML in a frame with every sandbox
 * restriction on (`sandbox=""`: no scripts, no forms, no navigation, a unique origin), since a
 * template's HTML is whatever its author wrote.
 */
import type { PreviewState } from './use-template-preview.js';

/** The preview of the template named `name`. */
export function TemplatePreview({ name, state }: { name: string; state: PreviewState }) {
  const { preview, loading, error } = state;
  return (
    <div className="console-emails-preview" aria-busy={loading}>
      <h3>Preview</h3>
      <p className="console-muted console-emails-preview-status" role="status">
        {loading ? 'Updating the preview…' : error ? '' : 'Rendered by the server with example values.'}
      </p>
      {error && (
        <p className="console-error" role="alert">
          The preview could not be rendered. {error}
        </p>
      )}
      {preview && (
        <>
          <p className="console-emails-preview-subject">
            <span className="console-muted">Subject:</span> {preview.subject}
          </p>
          <iframe
            className="console-emails-preview-frame"
            title={`Preview of the ${name} email`}
            sandbox=""
            srcDoc={preview.html}
          />
        </>
      )}
    </div>
  );
}
