/** Placeholder until the page is built. */
import { PageHeader } from '../../shell/states.js';

export default function Page() {
  return <PageHeader title="overview" description="Coming soon." />;
}
