/**
 * What stands between a project and production mode (product-spec §5). The admin kit shows these
 * before saving and the server refuses the switch with the same texts, so both agree.
 */

/** One reason a project cannot be in production mode, and the page that fixes it. */
export interface ProductionModeProblem {
  message: string;
  /** Dashboard-relative page where the problem is fixed: the project's domains page. */
  relativeFixUrl: string;
}

/** The parts of a project's config the rules read. */
export interface ProductionModeInput {
  id: string;
  config: { allow_localhost: boolean; domains: readonly { domain: string }[] };
}

const LOCAL_HOST = /^(localhost|.*\.localhost|127\.\d+\.\d+\.\d+|\[::1\])$/i;
const ALL_NUMERIC = /^\d+(\.\d+)*$/;

/** Every problem, in config order; an empty list means production mode may be turned on. */
export function productionModeProblems(project: ProductionModeInput): ProductionModeProblem[] {
  const relativeFixUrl = `/projects/${project.id}/domains`;
  const problems: ProductionModeProblem[] = [];
  const add = (message: string) => problems.push({ message, relativeFixUrl });
  if (project.config.allow_localhost) {
    add("Localhost is not allowed in production mode, turn off 'Allow localhost' in project settings");
  }
  for (const { domain } of project.config.domains) {
    let url: URL;
    try {
      url = new URL(domain);
    } catch {
      add(`Trusted domain is not a valid URL: ${domain}`);
      continue;
    }
    if (LOCAL_HOST.test(url.hostname))
      add(`Localhost domains are not allowed to be trusted in production mode: ${domain}`);
    else if (ALL_NUMERIC.test(url.hostname))
      add(`Direct IPs are not valid for trusted domains in production mode: ${domain}`);
    else if (url.protocol !== 'https:') add(`Trusted domains should be HTTPS: ${domain}`);
  }
  return problems;
}
