/**
 * Product tokens as Google reads them from a `User-agent:` value, and the key groups are
 * looked up by. Below the parser, the matcher and the crawler catalogue, which all read
 * tokens the same way.
 */
export { isStarAgent, productToken, tokenKey } from './product-token';
