// Loaded into the MCP conformance CLI (NODE_OPTIONS=--import=<this file>, infra/mcp/check.sh):
// the CLI has no option for a bearer token, and Worktop's /mcp needs one, so every fetch() it
// makes carries `Authorization: Bearer $MCP_BEARER`.
const token = process.env.MCP_BEARER;
const originalFetch = globalThis.fetch;
globalThis.fetch = (input, init = {}) => {
  const headers = new Headers(init.headers ?? (input instanceof Request ? input.headers : undefined));
  if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
  return originalFetch(input, { ...init, headers });
};
