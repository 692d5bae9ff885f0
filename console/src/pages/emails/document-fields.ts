/**
 * The editable text of an email-builder document (a template's body): each block's words and
 * links in reading order, and the document with one of them changed. Blocks without text
 * (dividers, spacers, layouts) are kept as they are.
 */

/** One editable value of the body: a block's text, a button's link, an image's address. */
export interface DocumentField {
  blockId: string;
  prop: string;
  /** "Heading", "Paragraph 2", "Button 1 link", for the field's label. */
  label: string;
  value: string;
  /** Long text gets a text area. */
  multiline: boolean;
}

type Block = { type?: unknown; data?: { props?: Record<string, unknown>; childrenIds?: unknown } };
type Document = Record<string, unknown>;

/** Which props of which block types hold text, and what they are called. */
const EDITABLE: Record<
  string,
  { name: string; props: Array<{ prop: string; suffix: string; multiline: boolean }> }
> = {
  Heading: { name: 'Heading', props: [{ prop: 'text', suffix: '', multiline: false }] },
  Text: { name: 'Paragraph', props: [{ prop: 'text', suffix: '', multiline: true }] },
  Code: { name: 'Code', props: [{ prop: 'text', suffix: '', multiline: false }] },
  Button: {
    name: 'Button',
    props: [
      { prop: 'text', suffix: ' text', multiline: false },
      { prop: 'url', suffix: ' link', multiline: false },
    ],
  },
  Image: {
    name: 'Image',
    props: [
      { prop: 'url', suffix: ' address', multiline: false },
      { prop: 'alt', suffix: ' description', multiline: false },
    ],
  },
};

const asBlock = (value: unknown): Block | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Block) : undefined;

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** The ids of the blocks inside `block`, as the server's renderer walks them. */
function childIds(block: Block): string[] {
  const props = block.data?.props ?? {};
  if (block.type === 'ColumnsContainer') {
    const columns = Array.isArray(props.columns) ? props.columns : [];
    return columns.flatMap((c) => strings(asBlock(c) && (c as { childrenIds?: unknown }).childrenIds));
  }
  return strings(block.data?.childrenIds ?? props.childrenIds);
}

/** The editable fields of `document`, in the order the email shows them. */
export function documentFields(document: Document): DocumentField[] {
  const fields: DocumentField[] = [];
  const counts: Record<string, number> = {};
  const seen = new Set<string>();
  const walk = (id: string) => {
    const block = asBlock(document[id]);
    if (!block || seen.has(id)) return;
    seen.add(id);
    const editable = typeof block.type === 'string' ? EDITABLE[block.type] : undefined;
    if (editable) {
      const n = (counts[editable.name] ?? 0) + 1;
      counts[editable.name] = n;
      for (const { prop, suffix, multiline } of editable.props) {
        const value = block.data?.props?.[prop];
        fields.push({
          blockId: id,
          prop,
          label: `${editable.name} ${n}${suffix}`,
          value: typeof value === 'string' ? value : '',
          multiline,
        });
      }
    }
    for (const child of childIds(block)) walk(child);
  };
  walk('root');
  return fields;
}

/** `document` with `blockId`'s `prop` set to `value`; the original is left untouched. */
export function withField(document: Document, blockId: string, prop: string, value: string): Document {
  const block = asBlock(document[blockId]) ?? {};
  const data = block.data ?? {};
  return {
    ...document,
    [blockId]: { ...block, data: { ...data, props: { ...(data.props ?? {}), [prop]: value } } },
  };
}
