/**
 * Errors in the Svix API's shapes, not Stack's: `{code, detail}` for most, and for invalid input
 * a 422 with `{detail: [{loc, msg, type}]}` (Svix's HTTPValidationError), which its clients parse.
 */

/** One problem with the input, located as Svix locates it: `['body', 'url']`, `['query', 'limit']`. */
export interface ValidationIssue {
  loc: string[];
  msg: string;
  type: string;
}

/** An error the Svix API answers with. */
export class SvixApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    detail: string,
  ) {
    super(detail);
  }

  /** The response body. */
  body(): unknown {
    return { code: this.code, detail: this.message };
  }
}

/** A 422 listing every problem found in the input. */
export class SvixValidationError extends SvixApiError {
  constructor(readonly issues: ValidationIssue[]) {
    super(422, 'validation', issues.map((i) => `${i.loc.join('.')}: ${i.msg}`).join('; '));
  }

  override body(): unknown {
    return { detail: this.issues };
  }
}

/** A 422 for one problem. */
export function invalid(loc: string[], msg: string): SvixValidationError {
  return new SvixValidationError([{ loc, msg, type: 'value_error' }]);
}

/** The 404 of a missing object (the same whether it never existed or is another project's). */
export function notFound(): SvixApiError {
  return new SvixApiError(404, 'not_found', 'Entity not found');
}
