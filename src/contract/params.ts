/**
 * The longest path parameter (an id, a key) any route accepts. The server's router is set to
 * the same length (Fastify's maxParamLength, 100 by default): a longer segment would never reach
 * the route, and an id the contract allows would answer "No route" instead of its real answer.
 */
// The media proxies carry a whole URL, base64-encoded, in one segment; every other route caps its
// own parameters far below this in its schema.
export const PATH_PARAM_MAX_LENGTH = 4096;
