/**
 * The paths that carry a signing link's token (a supervisor's link, which signs or declines an entry for 7 days) as
 * the product's logs write them: the token replaced, the rest kept.
 */
const TOKEN_PATHS = /^(\/api\/sign-off|\/sign)\/[^/?#]+/;

export const loggedUrl = (url: string): string => url.replace(TOKEN_PATHS, '$1/[token]');
