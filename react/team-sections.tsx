/**
 * `<TeamSections teamId>`: the sections of one team, made of the `teamSections` slot of every
 * screen contribution (the teams plugin's own and any other plugin's), ordered by `order`, shown by
 * `when` and by each entry's `useShown` hook, each under its heading with an anchor. The adapter
 * knows only the slot; what a section shows and who may see it is the contributing plugin's.
 */
import type { ReactNode } from 'react';
import { useProject, useSignetContext, useUser } from './hooks.js';
import { slotEntries, type TeamSectionSlot } from './screens.js';

/** Props of `TeamSections`. */
export interface TeamSectionsProps {
  /** The team the sections are about. */
  teamId: string;
  /**
   * `'page'` (default): the team's page of its own, laid out as account settings is (the title and a
   * nav of the sections, then one card per section, `h2` headings, anchors `#<section id>`).
   * `'inline'`: inside another section (a team's entry in account settings): `h3` headings, rules
   * between sections, anchors `#team-<team id>-<section id>` so several teams fit on one page.
   */
  layout?: 'page' | 'inline';
  /** Page layout: the page's heading (the team's name). */
  title?: string;
  /** Page layout: shown beside the title (the team's picture). */
  media?: ReactNode;
}

const shownAlways = () => true;

/** Renders `children` while the entry's `useShown` hook (if any) says the section shows. */
function Shown({ entry, teamId, children }: { entry: TeamSectionSlot; teamId: string; children: ReactNode }) {
  // The same entry renders in the same place on every render, so the hook order is stable.
  const useShown = entry.useShown ?? shownAlways;
  return useShown(teamId) ? children : null;
}

/** A team's sections; renders nothing until the project and the signed-in user are known. */
export function TeamSections({ teamId, layout = 'page', title, media }: TeamSectionsProps) {
  const { screens } = useSignetContext();
  const project = useProject();
  const user = useUser();
  if (!project || !user) return null;
  const sections = slotEntries(screens, (s) => s.teamSections, { project, user, kind: null, teamId });
  const page = layout === 'page';
  const anchor = (id: string) => (page ? id : `team-${teamId}-${id}`);
  const Heading = page ? 'h2' : 'h3';

  const body = sections.map((entry) => {
    const { id, title: heading, description, Component } = entry;
    const at = anchor(id);
    return (
      <Shown key={id} entry={entry} teamId={teamId}>
        <section
          id={at}
          className={page ? 'signet-account-section' : 'signet-team-section'}
          aria-labelledby={`${at}-title`}
          data-team-section={id}
        >
          <Heading
            id={`${at}-title`}
            className={page ? 'signet-account-section-title' : 'signet-team-section-title'}
          >
            {heading}
          </Heading>
          {description && <p className="signet-account-section-description">{description}</p>}
          <Component teamId={teamId} />
        </section>
      </Shown>
    );
  });
  if (!page) return <div className="signet-team-sections">{body}</div>;
  return (
    <div className="signet-account">
      <header className="signet-account-header">
        {(title !== undefined || media) && (
          <div className="signet-team-heading">
            {media}
            {title !== undefined && <h1 className="signet-account-title">{title}</h1>}
          </div>
        )}
        <nav className="signet-account-nav" aria-label="Team sections">
          {sections.map((entry) => (
            <Shown key={entry.id} entry={entry} teamId={teamId}>
              <a className="signet-account-nav-link" href={`#${anchor(entry.id)}`}>
                {entry.title}
              </a>
            </Shown>
          ))}
        </nav>
      </header>
      <div className="signet-account-sections">{body}</div>
    </div>
  );
}
