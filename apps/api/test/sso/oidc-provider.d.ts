// oidc-provider ships no type declarations; the test IdP uses a small part of it.
declare module 'oidc-provider' {
  const Provider: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  export default Provider;
}
