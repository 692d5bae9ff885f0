/**
 * The production-mode checklist (product-spec §5): the kit's rules for domains and localhost, plus
 * enabled OAuth providers on shared keys, which the server refuses to sign anyone in with once the
 * project is in production mode. Each problem names the console page that fixes it.
 */
import type { AdminProject, AdminProjectApi } from 'signet/plugins/admin-project';
import { providerName } from '../sign-in-methods/provider-names.js';

/** One thing to fix before production mode, and where. */
export interface ChecklistProblem {
  message: string;
  /** The console path of the page that fixes it. */
  fixPath: string;
  /** The link's words, e.g. 'Fix on the Domains page'. */
  fixLabel: string;
}

/** Every problem standing between `project` and production mode; empty when it may be turned on. */
export function productionChecklist(
  adminProject: Pick<AdminProjectApi, 'productionModeProblems'>,
  project: AdminProject,
): ChecklistProblem[] {
  const problems: ChecklistProblem[] = adminProject.productionModeProblems(project).map((problem) => ({
    message: problem.message,
    fixPath: problem.relativeFixUrl,
    fixLabel: 'Fix on the Domains page',
  }));
  for (const provider of project.config.oauthProviders) {
    if (!provider.enabled || provider.type !== 'shared') continue;
    const name = providerName(provider.id);
    problems.push({
      message: `${name} sign-in uses shared development keys, which are refused in production mode: set up your own ${name} OAuth keys or turn ${name} off.`,
      fixPath: `/projects/${encodeURIComponent(project.id)}/sign-in-methods`,
      fixLabel: 'Fix on the Sign-in methods page',
    });
  }
  return problems;
}

/**
 * What does not block production mode but will surprise in it: on the shared email config the
 * server delivers nothing (it keeps emails in the development outbox, and not even there in
 * production mode), so verification, reset and sign-in code emails never arrive.
 */
export function productionAdvice(project: AdminProject): ChecklistProblem[] {
  if (project.config.emailConfig.type !== 'shared') return [];
  return [
    {
      message:
        'Emails are not delivered: the project uses the shared development email server, which only keeps them in the development outbox (and not in production mode). Set up your own SMTP server so verification, password reset and sign-in code emails arrive.',
      fixPath: `/projects/${encodeURIComponent(project.id)}/emails`,
      fixLabel: 'Set it up on the Emails page',
    },
  ];
}
