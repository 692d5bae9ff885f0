/**
 * The console's JSON editor: valid JSON is saved as the parsed value; invalid JSON shows where it
 * breaks (line and column), disables Save and sends nothing; Format re-indents; a refused save is
 * shown in words.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { lazy, Suspense, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JsonEditor } from '../../console/src/components/json-editor/index.js';
import { parseJson } from '../../console/src/components/json-editor/parse-json.js';

afterEach(() => cleanup());

function renderEditor(value: unknown = { plan: 'free' }, result: string | null = null) {
  const onSave = vi.fn(async (_value: unknown) => result);
  render(<JsonEditor label="Server metadata" value={value} onSave={onSave} />);
  const field = screen.getByLabelText('Server metadata') as HTMLTextAreaElement;
  const save = screen.getByRole('button', { name: 'Save server metadata' }) as HTMLButtonElement;
  const format = screen.getByRole('button', { name: 'Format' }) as HTMLButtonElement;
  return { onSave, field, save, format };
}

/** An editor whose saved value the test swaps: once for an equal copy, once for a new value. */
function EditorWithChangingValue() {
  const [value, setValue] = useState<unknown>({ plan: 'free' });
  return (
    <>
      <button type="button" onClick={() => setValue({ plan: 'free' })}>
        Same value
      </button>
      <button type="button" onClick={() => setValue({ plan: 'team' })}>
        New value
      </button>
      <JsonEditor label="Server metadata" value={value} onSave={async () => null} />
    </>
  );
}

describe('JsonEditor', () => {
  it('starts from the saved value, indented, with Save disabled until something changes', () => {
    const { field, save } = renderEditor({ plan: 'free' });
    expect(field.value).toBe('{\n  "plan": "free"\n}');
    expect(save.disabled).toBe(true);
  });

  it('saves the parsed value of valid JSON', async () => {
    const { onSave, field, save } = renderEditor();
    fireEvent.change(field, { target: { value: '{"plan": "pro", "seats": [1, 2.5e1, null, true]}' } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenCalledWith({ plan: 'pro', seats: [1, 25, null, true] });
  });

  it('shows the line and column of invalid JSON, disables Save and sends nothing', async () => {
    const { onSave, field, save, format } = renderEditor();
    fireEvent.change(field, { target: { value: '{\n  "plan": "pro",\n}' } });
    expect(screen.getByText(/Invalid JSON at line 3, column 1/)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    // The message is tied to the field for screen readers.
    const status = document.getElementById(field.getAttribute('aria-describedby')!.split(' ').at(-1)!);
    expect(status?.textContent).toMatch(/line 3, column 1/);
    expect(save.disabled).toBe(true);
    expect(format.disabled).toBe(true);
    // Even a submit forced past the disabled button sends nothing.
    fireEvent.click(save);
    await new Promise((done) => setTimeout(done, 20));
    expect(onSave).not.toHaveBeenCalled();
  });

  it('names the position of single quotes, a missing value and trailing text', () => {
    expect(parseJson("{'a': 1}")).toMatchObject({ ok: false, error: { line: 1, column: 2 } });
    expect(parseJson('{"a": }')).toMatchObject({ ok: false, error: { line: 1, column: 7 } });
    expect(parseJson('[1, 2]\n  x')).toMatchObject({ ok: false, error: { line: 2, column: 3 } });
    expect(parseJson('')).toMatchObject({ ok: false, error: { line: 1, column: 1 } });
    expect(parseJson('"tab\there"')).toMatchObject({ ok: false });
    expect(parseJson('01')).toMatchObject({ ok: false });
    expect(parseJson(' {"a": [true, false, null, -0.5E+2, "\\u00e9\\n"]} ')).toEqual({
      ok: true,
      value: { a: [true, false, null, -50, 'é\n'] },
    });
  });

  it('agrees with JSON.parse on what is valid', () => {
    const samples = [
      '{}',
      '[]',
      '1',
      '-1.5e3',
      'null',
      '"x"',
      '{"a":{"b":[{}]}}',
      '[1,]',
      '{"a" 1}',
      'tru',
      '1.',
      '.5',
      '"\\x"',
      '[',
      '"',
    ];
    for (const text of samples) {
      let valid = true;
      try {
        JSON.parse(text);
      } catch {
        valid = false;
      }
      expect(parseJson(text).ok, text).toBe(valid);
    }
  });

  it('formats valid JSON with two-space indentation', () => {
    const { field, format } = renderEditor(null);
    fireEvent.change(field, { target: { value: '{"a":[1,2],"b":{"c":true}}' } });
    fireEvent.click(format);
    expect(field.value).toBe('{\n  "a": [\n    1,\n    2\n  ],\n  "b": {\n    "c": true\n  }\n}');
  });

  it('shows why a save was refused and keeps the text', async () => {
    const { field, save } = renderEditor({}, 'server_metadata is too large');
    fireEvent.change(field, { target: { value: '{"big": true}' } });
    fireEvent.click(save);
    expect((await screen.findByRole('alert')).textContent).toBe('server_metadata is too large');
    expect(field.value).toBe('{"big": true}');
  });

  it('keeps what is typed the moment it appears from a lazy load, before React runs its effects', async () => {
    // The user page loads the editor lazily: React reveals it in a commit whose effects run on a
    // later task, so a keystroke can land first. A reset-on-mount effect would then wipe it.
    let release!: () => void;
    const loaded = new Promise<void>((done) => (release = done));
    const LazyEditor = lazy(async () => {
      await loaded;
      return { default: JsonEditor };
    });
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <LazyEditor label="Server metadata" value={{ plan: 'free' }} onSave={async () => null} />
      </Suspense>,
    );
    release();
    const field = (await screen.findByLabelText('Server metadata')) as HTMLTextAreaElement;
    fireEvent.change(field, { target: { value: '{"plan": pro}' } });
    await act(async () => new Promise((done) => setTimeout(done, 20)));
    expect(field.value).toBe('{"plan": pro}');
    expect(screen.getByText(/Invalid JSON at line 1, column 10/)).toBeTruthy();
  });

  it('takes a new saved value in place of the text, and keeps the text when the value only changes identity', () => {
    render(<EditorWithChangingValue />);
    const field = screen.getByLabelText('Server metadata') as HTMLTextAreaElement;
    fireEvent.change(field, { target: { value: '{"draft": 1}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Same value' }));
    expect(field.value).toBe('{"draft": 1}');
    fireEvent.click(screen.getByRole('button', { name: 'New value' }));
    expect(field.value).toBe('{\n  "plan": "team"\n}');
  });
});
