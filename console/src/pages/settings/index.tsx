/**
 * Project settings: name and description, the id and JWKS URL to copy, the production-mode
 * checklist and switch, and deleting the project.
 */
import { PageHeader } from '../../shell/states.js';
import { DeleteSection } from './delete-section.js';
import { GeneralSection } from './general-section.js';
import { IdentifiersSection } from './identifiers-section.js';
import { ProductionSection } from './production-section.js';
import './settings.css';

/** The project settings page. */
export default function ProjectSettingsPage() {
  return (
    <>
      <PageHeader
        title="Project settings"
        description="The project's name, its keys for your app, production mode."
      />
      <GeneralSection />
      <IdentifiersSection />
      <ProductionSection />
      <DeleteSection />
    </>
  );
}
