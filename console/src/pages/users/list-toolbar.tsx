/**
 * Search, sort and filters above the users table. The search is sent ~250 ms after the last key
 * (not on every key) and replaces the URL's `?q=` instead of adding a history entry per key; sort
 * and filters add one, so Back undoes them.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { TextField } from 'signet/react';
import { providerName } from './format.js';
import type { UserListParams, YesNo } from './list-params.js';

/** How long typing must pause before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 250;

/** Props of `ListToolbar`. */
export interface ListToolbarProps {
  params: UserListParams;
  /** The OAuth provider ids the project has, for the provider filter. */
  providers: string[];
  /** Changes the parameters; `replace` for the typed search. */
  onChange: (params: UserListParams, options: { replace: boolean }) => void;
}

/** The list's search field, sort and filters. */
export function ListToolbar({ params, providers, onChange }: ListToolbarProps) {
  const [text, setText] = useState(params.q);
  const sent = useRef(params.q);
  // Back, forward or a link changed the search: show it (but never undo what is being typed).
  useEffect(() => {
    if (params.q !== sent.current) {
      sent.current = params.q;
      setText(params.q);
    }
  }, [params.q]);
  // The latest parameters, read when the timer fires (a re-render must not restart the wait).
  const latest = useRef({ params, onChange });
  latest.current = { params, onChange };
  useEffect(() => {
    if (text === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = text;
      latest.current.onChange({ ...latest.current.params, q: text }, { replace: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const set = (change: Partial<UserListParams>) => {
    sent.current = text;
    onChange({ ...params, q: text, ...change }, { replace: false });
  };
  return (
    // A div with the search role: React's JSX types do not know the <search> element yet.
    // biome-ignore lint/a11y/useSemanticElements: see above.
    <div role="search" className="console-toolbar console-users-toolbar">
      <TextField
        className="console-users-search"
        label="Search users"
        type="search"
        placeholder="Email, name or user id"
        value={text}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => setText(event.target.value)}
      />
      <Select
        label="Sort"
        value={params.sort}
        onChange={(sort) => set({ sort: sort === 'oldest' ? 'oldest' : 'newest' })}
        options={[
          ['newest', 'Newest sign-ups first'],
          ['oldest', 'Oldest sign-ups first'],
        ]}
      />
      <Select
        label="Primary email"
        value={params.verified}
        onChange={(verified) => set({ verified: verified as YesNo })}
        options={[
          ['', 'Any'],
          ['yes', 'Verified'],
          ['no', 'Not verified'],
        ]}
      />
      <Select
        label="Password"
        value={params.password}
        onChange={(password) => set({ password: password as YesNo })}
        options={[
          ['', 'Any'],
          ['yes', 'Has a password'],
          ['no', 'No password'],
        ]}
      />
      <Select
        label="OAuth provider"
        value={params.provider}
        onChange={(provider) => set({ provider })}
        options={[
          ['', 'Any'],
          ...[...new Set([...providers, ...(params.provider ? [params.provider] : [])])].map(
            (id) => [id, providerName(id)] as [string, string],
          ),
        ]}
      />
    </div>
  );
}

/** A labelled native select (keyboard and screen readers know it as it is). */
function Select({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: Array<[value: string, text: string]>;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="signet-field console-users-select">
      <label className="signet-label" htmlFor={id}>
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
