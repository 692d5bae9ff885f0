/** The variables a template can use, as the server listed them with the preview. */
import type { TemplateVariable } from 'signet/plugins/admin-emails';
import { TableFrame } from '../../shell/table-frame.js';

/** The table of `variables` (null while the first preview loads). */
export function TemplateVariables({ variables }: { variables: TemplateVariable[] | null }) {
  return (
    <div className="console-emails-variables">
      <h3>Variables</h3>
      <p className="console-muted">
        Write <code>{'{{ name }}'}</code> in the subject or body; each is replaced when the email is sent.
      </p>
      {variables === null ? (
        <p className="console-muted">Loading the variables…</p>
      ) : (
        <TableFrame caption="Template variables" columns={['Variable', 'Meaning', 'Example']}>
          {variables.map((v) => (
            <tr key={v.name}>
              <td>
                <code>{`{{ ${v.name} }}`}</code>
              </td>
              <td>{v.description}</td>
              <td className="console-emails-example">{v.example}</td>
            </tr>
          ))}
        </TableFrame>
      )}
    </div>
  );
}
