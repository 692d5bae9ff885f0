/** Tabs between auth forms, following the WAI-ARIA tabs pattern (arrow keys, Home, End). */
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';

/** One tab. */
export interface AuthTab {
  id: string;
  label: string;
}

/** Props of `AuthTabs`. */
export interface AuthTabsProps {
  tabs: readonly AuthTab[];
  /** The tab selected first. */
  initial: string;
  /** Renders the panel of a tab. */
  children: (tabId: string) => ReactNode;
}

/** A tab list with one panel; only the selected tab is in the tab order. */
export function AuthTabs({ tabs, initial, children }: AuthTabsProps) {
  const [selected, setSelected] = useState(initial);
  const base = useId();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const current = tabs.some((t) => t.id === selected) ? selected : (tabs[0]?.id ?? '');

  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((t) => t.id === current);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : -1;
    const tab = tabs[next];
    if (!tab) return;
    event.preventDefault();
    setSelected(tab.id);
    refs.current[tab.id]?.focus();
  };

  return (
    <div className="signet-tabs">
      <div className="signet-tab-list" role="tablist" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            ref={(el) => {
              refs.current[tab.id] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${tab.id}`}
            className="signet-tab"
            aria-selected={tab.id === current}
            aria-controls={`${base}-panel`}
            tabIndex={tab.id === current ? 0 : -1}
            onClick={() => setSelected(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        className="signet-tab-panel"
        role="tabpanel"
        id={`${base}-panel`}
        aria-labelledby={`${base}-tab-${current}`}
      >
        {children(current)}
      </div>
    </div>
  );
}
