/**
 * The console's JSON editor. Pages load it lazily (`lazy(() => import('.../json-editor/index.js'))`)
 * so only the pages that edit JSON carry it.
 */
export { JsonEditor, type JsonEditorProps } from './json-editor.js';
export { formatJson, type JsonError, type ParsedJson, parseJson, positionOf } from './parse-json.js';
