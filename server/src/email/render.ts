/**
 * Renders an email-builder document to a plain-text part and an HTML part, substituting
 * `{{ name }}` placeholders. Values are HTML-escaped in the HTML part; unknown blocks render
 * nothing rather than failing the send.
 */
import type { EmailBlock, EmailDocument, TemplateVariables } from './template-types.js';

/** A rendered message. */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/** Replaces placeholders with values; a missing value becomes the empty string. */
export function substitute(
  template: string,
  variables: TemplateVariables,
  encode: (s: string) => string = (s) => s,
) {
  return template.replace(PLACEHOLDER, (_, name: string) => encode(variables[name] ?? ''));
}

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const props = (block: EmailBlock) => (block.data?.props ?? {}) as Record<string, unknown>;
const str = (value: unknown) => (typeof value === 'string' ? value : '');
const childIds = (block: EmailBlock) => {
  const ids = (block.data?.childrenIds ??
    (block.data?.props as { childrenIds?: unknown })?.childrenIds) as unknown;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
};

/** Renders `document` with `subject` into text and HTML. */
export function renderEmail(
  subject: string,
  document: EmailDocument,
  variables: TemplateVariables,
): RenderedEmail {
  const textLines: string[] = [];
  const visited = new Set<string>();
  const html = (id: string): string => {
    const block = document[id];
    // Guard against documents whose blocks list themselves: render each block once.
    if (!block || visited.has(id)) return '';
    visited.add(id);
    const p = props(block);
    const t = (key = 'text') => substitute(str(p[key]), variables);
    const h = (key = 'text') => substitute(str(p[key]), variables, escapeHtml);
    switch (block.type) {
      case 'EmailLayout':
      case 'Container':
        return `<div>${childIds(block).map(html).join('')}</div>`;
      case 'ColumnsContainer': {
        const columns = (p.columns as Array<{ childrenIds?: string[] }> | undefined) ?? [];
        return `<table role="presentation" width="100%"><tr>${columns
          .map((c) => `<td valign="top">${(c.childrenIds ?? []).map(html).join('')}</td>`)
          .join('')}</tr></table>`;
      }
      case 'Heading':
        textLines.push(t(), '');
        return `<h2 style="font-family:sans-serif">${h()}</h2>`;
      case 'Text':
        textLines.push(t(), '');
        return `<p style="font-family:sans-serif;line-height:1.5">${h()}</p>`;
      case 'Code':
        textLines.push(t(), '');
        return `<p style="font-family:monospace;font-size:28px;letter-spacing:6px;font-weight:bold">${h()}</p>`;
      case 'Button':
        textLines.push(`${t()}: ${t('url')}`, '');
        return `<p><a href="${h('url')}" style="display:inline-block;padding:10px 18px;background:#111;color:#fff;border-radius:6px;text-decoration:none;font-family:sans-serif">${h()}</a></p>`;
      case 'Image':
        return `<img src="${h('url')}" alt="${h('alt')}" style="max-width:100%">`;
      case 'Divider':
        textLines.push('---', '');
        return '<hr>';
      case 'Spacer':
        return '<div style="height:16px"></div>';
      default:
        return '';
    }
  };
  const body = html('root');
  return {
    subject: substitute(subject, variables).replace(/[\r\n]+/g, ' '),
    text: `${textLines.join('\n').trim()}\n`,
    html: `<!doctype html><html><body>${body}</body></html>`,
  };
}
