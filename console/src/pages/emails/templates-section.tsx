/** The four templates: their subjects and whether they are customised, and the editor of one. */
import { useState } from 'react';
import type { EmailTemplateType } from 'signet/plugins/admin-emails';
import { Badge, Button } from 'signet/react';
import { useProjectAdmin } from '../../admin/admin-context.js';
import { LoadStatus, Section } from '../../shell/states.js';
import { TableFrame } from '../../shell/table-frame.js';
import { useLoad } from '../../shell/use-load.js';
import { TemplateEditor } from './template-editor.js';
import { TEMPLATE_NAMES } from './template-names.js';

/** The templates section; `canSave` is false on the shared email server. */
export function TemplatesSection({ canSave }: { canSave: boolean }) {
  const { app } = useProjectAdmin();
  const templates = useLoad(() => app.emails.listTemplates(), [app]);
  const [editing, setEditing] = useState<EmailTemplateType | null>(null);
  // A new editor after each save or reset, starting from what the server now holds.
  const [version, setVersion] = useState(0);
  const current = templates.status === 'ready' ? templates.data.find((t) => t.type === editing) : undefined;

  return (
    <Section title="Templates">
      <LoadStatus of={templates} loading="Loading templates" rows={4} what="The templates" />
      {templates.status === 'ready' && (
        <TableFrame caption="Email templates" columns={['Template', 'Subject', 'State']} actions>
          {templates.data.map((template) => {
            const { name, when } = TEMPLATE_NAMES[template.type];
            return (
              <tr key={template.type}>
                <td>
                  {name}
                  <div className="console-muted">{when}</div>
                </td>
                <td className="console-emails-subject">{template.subject}</td>
                <td>{template.isDefault ? <Badge>Default</Badge> : <Badge tone="ok">Customised</Badge>}</td>
                <td>
                  <Button
                    variant="secondary"
                    aria-label={`Edit the ${name} template`}
                    aria-pressed={editing === template.type}
                    onClick={() => setEditing(template.type)}
                  >
                    Edit
                  </Button>
                </td>
              </tr>
            );
          })}
        </TableFrame>
      )}
      {current && (
        <TemplateEditor
          key={`${current.type}-${version}`}
          template={current}
          canSave={canSave}
          onSaved={() => {
            setVersion((v) => v + 1);
            templates.reload();
          }}
          onClose={() => setEditing(null)}
        />
      )}
    </Section>
  );
}
