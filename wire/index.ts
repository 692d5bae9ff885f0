/**
 * signet/wire: the contract the kit and the server share (the Stack Auth API v1). Each feature's
 * wire shapes, as valibot schemas and the types inferred from them, and the catalogue of the
 * wire's known errors. Imports nothing of the project, so a plugin, the server and a third-party
 * tool can all read the contract from here. A new feature adds a file and a line below; the core
 * is not touched.
 *
 * Everything is free of side effects: a bundle keeps only what it uses.
 */
export * from './api-key.js';
export * from './auth.js';
export * from './case.js';
export * from './cli-auth.js';
export * from './common.js';
export * from './contact-channel.js';
export * from './email.js';
export * from './email-admin.js';
export * from './errors/codes.js';
export * from './errors/kit-messages.js';
export * from './errors/messages.js';
export * from './headers.js';
export * from './metrics.js';
export * from './passkey.js';
export * from './passkey-rp-id.js';
export * from './production-mode.js';
export * from './project.js';
export * from './session.js';
export * from './team.js';
export * from './user.js';
