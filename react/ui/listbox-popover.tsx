/**
 * A button that opens a list to choose one item from (a team, an organisation, a workspace): the
 * button says what is chosen; the popover holds a `listbox` of options, an optional column of
 * controls beside them (a settings link per option) and links under the list.
 *
 * Keyboard (WAI-ARIA listbox): on the button, Enter, Space or ArrowDown open the list on the chosen
 * option (ArrowUp on the last one when nothing is chosen); in the list, ArrowDown / ArrowUp /
 * Home / End move the active option (`aria-activedescendant`, focus stays on the list), typing
 * jumps to the next option starting with the letters typed, Enter or Space choose, Escape closes
 * and gives focus back to the button, Tab moves on to the links. A click outside, or focus leaving
 * the popover, closes it.
 */
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Spinner } from './spinner.js';

/** One choice of a `ListboxPopover`. */
export interface ListboxOption {
  /** Unique among the options; what `onChoose` receives. */
  value: string;
  /** The option's text: what screen readers read and what type-ahead matches. */
  label: string;
  /** Leading media, such as an avatar. */
  media?: ReactNode;
  /**
   * A control of its own beside the option, such as a settings link. It is rendered outside the
   * listbox, in a column lined up with the options, because an option must hold no control.
   */
  aside?: ReactNode;
}

/** Props of `ListboxPopover`. */
export interface ListboxPopoverProps {
  /** The list's accessible name (`'Teams'`). */
  label: string;
  /** What the button says: the chosen option's label, or a prompt (`'Select a team'`). */
  buttonText: string;
  /** Shown before the button's text, such as the chosen option's avatar. */
  buttonMedia?: ReactNode;
  /** The button's accessible name when its content is not enough (`'Team: Acme'`). */
  buttonLabel?: string;
  options: readonly ListboxOption[];
  /** The chosen option's value (marked `aria-selected`), or null. */
  value: string | null;
  /** Called with the value the user chose; the popover is closed and focus is on the button. */
  onChoose: (value: string) => void;
  /** Shown instead of the list when there is no option (`'No teams yet'`). */
  empty?: ReactNode;
  /** The accessible name of the column of `aside` controls (`'Team settings'`). */
  asideLabel?: string;
  /** Under the list, inside the popover: `ListboxLink`s such as 'Create a team'. */
  children?: ReactNode;
  /** Which edge of the button the popover lines up with; `'end'` for a control at a header's right. */
  align?: 'start' | 'end';
  /** Shows a spinner in the button and keeps the list closed (a choice being saved). */
  busy?: boolean;
  /** Called each time the list opens, e.g. to reload the options in the background. */
  onOpen?: () => void;
}

/** How long after a key press the next one still extends the type-ahead search. */
const TYPEAHEAD_MS = 700;

/** A button opening a listbox popover; see the module comment for the keyboard. */
export function ListboxPopover({
  label,
  buttonText,
  buttonMedia,
  buttonLabel,
  options,
  value,
  onChoose,
  empty,
  asideLabel,
  children,
  align = 'start',
  busy = false,
  onOpen,
}: ListboxPopoverProps) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const typed = useRef({ text: '', at: 0 });
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const chosen = options.findIndex((option) => option.value === value);
  const last = options.length - 1;

  const openOn = (index: number) => {
    if (busy) return;
    setActive(options.length ? Math.max(0, Math.min(last, index)) : -1);
    if (!open) onOpen?.();
    setOpen(true);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  const choose = (index: number) => {
    const option = options[index];
    if (!option) return;
    close(true);
    onChoose(option.value);
  };

  // Focus goes into the popover when it opens: the list, or the popover itself when it is empty.
  useEffect(() => {
    if (open) (list.current ?? panel.current)?.focus();
  }, [open]);

  // The active option stays in view in a long list.
  useEffect(() => {
    if (!open || active < 0) return;
    const element = document.getElementById(`${id}-option-${active}`) as
      | (HTMLElement & { scrollIntoView?: (options?: object) => void })
      | null;
    element?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active, id]);

  // A press anywhere outside closes the popover (focus stays where the user put it).
  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', outside);
    document.addEventListener('touchstart', outside);
    return () => {
      document.removeEventListener('mousedown', outside);
      document.removeEventListener('touchstart', outside);
    };
  }, [open]);

  /** The next option (from the active one on) whose label starts with what was typed. */
  const typeahead = (key: string) => {
    const now = Date.now();
    const state = typed.current;
    state.text = now - state.at < TYPEAHEAD_MS ? state.text + key.toLowerCase() : key.toLowerCase();
    state.at = now;
    // The same letter pressed again cycles through the options starting with it.
    const repeated = [...state.text].every((char) => char === state.text[0]);
    const search = repeated ? state.text[0]! : state.text;
    const from = repeated ? active + 1 : Math.max(active, 0);
    for (let step = 0; step < options.length; step++) {
      const index = (from + step) % options.length;
      if (options[index]!.label.toLowerCase().startsWith(search)) {
        setActive(index);
        return;
      }
    }
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') openOn(Math.max(chosen, 0));
    else if (event.key === 'ArrowUp') openOn(chosen >= 0 ? chosen : last);
    else return;
    // Handled here, so the button's own click (Enter, Space) does not toggle it closed again.
    event.preventDefault();
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const searching = Date.now() - typed.current.at < TYPEAHEAD_MS && typed.current.text !== '';
    switch (event.key) {
      case 'ArrowDown':
        setActive(Math.min(last, active + 1));
        break;
      case 'ArrowUp':
        setActive(Math.max(0, active - 1));
        break;
      case 'Home':
        setActive(0);
        break;
      case 'End':
        setActive(last);
        break;
      case 'Enter':
        choose(active);
        break;
      case ' ':
        // A space in the middle of typing a name is part of the name.
        if (searching) typeahead(' ');
        else choose(active);
        break;
      default:
        if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
        typeahead(event.key);
    }
    event.preventDefault();
  };

  const hasAsides = options.some((option) => option.aside);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only watches focus leaving the popover.
    <div
      ref={root}
      className="signet-listbox"
      data-align={align}
      onBlur={(event) => {
        // Focus moved to something outside (Tab past the last link): close without taking it back.
        const next = event.relatedTarget as Node | null;
        if (open && next && !root.current?.contains(next)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="signet-listbox-button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open && options.length ? listId : undefined}
        aria-label={buttonLabel}
        aria-busy={busy || undefined}
        onClick={() => (open ? close(false) : openOn(Math.max(chosen, 0)))}
        onKeyDown={onButtonKeyDown}
      >
        {buttonMedia}
        <span className="signet-listbox-label">{buttonText}</span>
        {busy ? <Spinner /> : <Chevron />}
      </button>
      {open && (
        // biome-ignore lint/a11y/noStaticElementInteractions: Escape from anywhere inside closes it.
        <div
          ref={panel}
          className="signet-listbox-panel"
          tabIndex={-1}
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            // The popover is what Escape closes, not a dialog or page around it.
            event.stopPropagation();
            event.preventDefault();
            close(true);
          }}
        >
          {options.length === 0 ? (
            <p className="signet-listbox-empty">{empty}</p>
          ) : (
            <div className="signet-listbox-rows">
              <div
                ref={list}
                id={listId}
                role="listbox"
                aria-label={label}
                tabIndex={0}
                aria-activedescendant={active >= 0 ? optionId(active) : undefined}
                className="signet-listbox-list"
                onKeyDown={onListKeyDown}
              >
                {options.map((option, index) => (
                  // The list has the focus and the keys (aria-activedescendant), not each option.
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the list handles the keys.
                  // biome-ignore lint/a11y/useFocusableInteractive: the list has the focus.
                  <div
                    key={option.value}
                    id={optionId(index)}
                    role="option"
                    aria-selected={option.value === value}
                    data-active={index === active || undefined}
                    className="signet-listbox-option"
                    onClick={() => choose(index)}
                    onMouseMove={() => index !== active && setActive(index)}
                  >
                    {option.media}
                    <span className="signet-listbox-label">{option.label}</span>
                    {option.value === value && <Check />}
                  </div>
                ))}
              </div>
              {hasAsides && (
                <ul className="signet-listbox-asides" aria-label={asideLabel}>
                  {options.map((option) =>
                    option.aside ? (
                      <li key={option.value}>{option.aside}</li>
                    ) : (
                      <li key={option.value} aria-hidden="true" />
                    ),
                  )}
                </ul>
              )}
            </div>
          )}
          {children && <div className="signet-listbox-footer">{children}</div>}
        </div>
      )}
    </div>
  );
}

/** Props of `ListboxLink`. */
export interface ListboxLinkProps {
  href: string;
  children: ReactNode;
  /** The accessible name, needed when the content is only an icon. */
  label?: string;
  /** A square link holding an icon (an option's `aside`), rather than a row of text. */
  icon?: boolean;
}

/** A link inside a `ListboxPopover`: a row under the list, or an icon beside an option. */
export function ListboxLink({ href, children, label, icon = false }: ListboxLinkProps) {
  return (
    <a
      href={href}
      className={icon ? 'signet-listbox-icon-link' : 'signet-listbox-link'}
      aria-label={label}
      title={icon ? label : undefined}
    >
      {children}
    </a>
  );
}

function Chevron() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function Check() {
  return (
    <svg
      className="signet-listbox-check"
      viewBox="0 0 24 24"
      width="16"
      height="16"
      aria-hidden="true"
      focusable="false"
    >
      <path d="m5 12 5 5 9-10" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
