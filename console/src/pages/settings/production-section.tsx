/**
 * Production mode: the checklist of what stands in its way, each problem linking to the page that
 * fixes it, and the switch, which stays disabled with the reason while any problem remains.
 * Turning it on or off is confirmed first.
 */
import { useState } from 'react';
import { Badge, Button, ConfirmButton, FormError, Stack } from 'signet/react';
import { useProjectAdmin } from '../../admin/admin-context.js';
import { Link } from '../../router/link.js';
import { Section } from '../../shell/states.js';
import { productionAdvice, productionChecklist } from './production-checklist.js';
import { useProjectUpdate } from './use-project-update.js';

/** The checklist and the switch. */
export function ProductionSection() {
  const { app, project } = useProjectAdmin();
  const { save } = useProjectUpdate();
  const [error, setError] = useState<string | null>(null);
  const problems = productionChecklist(app.adminProject, project);
  const advice = productionAdvice(project);
  const on = project.isProductionMode;
  const turn = async (value: boolean) => {
    setError(
      await save({ isProductionMode: value }, value ? 'Production mode is on' : 'Production mode is off'),
    );
  };
  return (
    <Section title="Production mode" actions={on ? <Badge tone="ok">On</Badge> : <Badge>Off</Badge>}>
      <Stack>
        <p className="console-muted">
          In production mode only your own trusted HTTPS domains and your own OAuth keys are used, and rate
          limits apply.
        </p>
        {problems.length === 0 ? (
          <p className="console-settings-ready">Nothing stands in the way of production mode.</p>
        ) : (
          <div>
            <h3 className="console-settings-checklist-title">
              {on ? 'Fix these while in production mode' : 'Fix these before production mode'} (
              {problems.length})
            </h3>
            <ul className="console-settings-checklist" aria-label="Production mode checklist">
              {problems.map((problem) => (
                <li key={problem.message}>
                  <span>{problem.message}</span> <Link to={problem.fixPath}>{problem.fixLabel}</Link>
                </li>
              ))}
            </ul>
          </div>
        )}
        {advice.length > 0 && (
          <div>
            <h3 className="console-settings-checklist-title">Also check</h3>
            <ul className="console-settings-checklist" aria-label="Production mode advice">
              {advice.map((item) => (
                <li key={item.message}>
                  <span>{item.message}</span> <Link to={item.fixPath}>{item.fixLabel}</Link>
                </li>
              ))}
            </ul>
          </div>
        )}
        {on ? (
          <ConfirmButton
            label="Turn off production mode"
            question="Turn off production mode? Localhost and shared development keys will be accepted again."
            confirmLabel="Yes, turn it off"
            onConfirm={() => turn(false)}
          />
        ) : problems.length > 0 ? (
          <div>
            <Button variant="secondary" disabled aria-describedby="console-settings-production-reason">
              Turn on production mode
            </Button>
            <p id="console-settings-production-reason" className="console-muted">
              Fix the {problems.length === 1 ? 'problem' : `${problems.length} problems`} above to turn on
              production mode.
            </p>
          </div>
        ) : (
          <ConfirmButton
            label="Turn on production mode"
            question="Turn on production mode? Sign-in will only redirect to your trusted HTTPS domains."
            confirmLabel="Yes, turn it on"
            onConfirm={() => turn(true)}
          />
        )}
        <FormError>{error}</FormError>
      </Stack>
    </Section>
  );
}
