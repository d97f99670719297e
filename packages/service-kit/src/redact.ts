/**
 * The paths that carry a signing link's token (a supervisor's link, which signs or declines an entry for 7 days) as
 * the product's logs write them: the token replaced, the rest kept.
 */
const TOKEN_PATHS = /^(\/api\/sign-off|\/sign)\/[^/?#]+/;

export const loggedUrl = (url: string): string => url.replace(TOKEN_PATHS, '$1/[token]');

const ADDRESS = /^([a-z][a-z0-9+.-]*:\/\/[^/?#]*)(.*)$/is;

/** A page's address (a request's Referer: a page opened at /sign/<token> names it) with its path as logs write it. */
export const loggedAddress = (address: string): string => {
  const [, origin, rest] = ADDRESS.exec(address) ?? [address, '', address];
  return origin + loggedUrl(rest);
};

/** A request's headers as the logs write them: the page it came from without a signing token. */
export function loggedHeaders<T extends Record<string, unknown>>(headers: T): T {
  const referer = headers.referer;
  return typeof referer === 'string' ? { ...headers, referer: loggedAddress(referer) } : headers;
}
