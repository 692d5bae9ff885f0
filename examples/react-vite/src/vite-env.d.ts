/// <reference types="vite/client" />

/** The variables `npm start` passes to Vite (see scripts/start.mjs). */
interface ImportMetaEnv {
  readonly VITE_SIGNET_PROJECT_ID?: string;
  readonly VITE_SIGNET_PUBLISHABLE_CLIENT_KEY?: string;
  readonly VITE_SIGNET_API_URL?: string;
  /** The custom-plugin example's ticket backend. */
  readonly VITE_TICKETS_URL?: string;
}
