/**
 * The parts of `@simplewebauthn/browser` the passkey plugin uses, in a module of their own so
 * that `import('./webauthn-library.js')` fetches only these, on the first ceremony.
 */
export { startAuthentication, startRegistration, WebAuthnError } from '@simplewebauthn/browser';
