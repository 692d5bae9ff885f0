import * as v from 'valibot';
import { EMAIL_TEMPLATE_TYPES, type EmailDocument } from '../../email/template-types.js';

export const paramsSchema = v.object({
  type: v.picklist(EMAIL_TEMPLATE_TYPES, `must be one of: ${EMAIL_TEMPLATE_TYPES.join(', ')}`),
});

/** A document the renderer can walk: blocks `{type, data?}` by id, and a root layout. */
export function isEmailDocument(value: unknown): value is EmailDocument {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const blocks = Object.values(value as Record<string, unknown>);
  const wellFormed = blocks.every((block) => {
    if (typeof block !== 'object' || block === null || Array.isArray(block)) return false;
    const { type, data } = block as { type?: unknown; data?: unknown };
    return typeof type === 'string' && (data === undefined || (typeof data === 'object' && data !== null));
  });
  return wellFormed && (value as EmailDocument).root?.type === 'EmailLayout';
}
