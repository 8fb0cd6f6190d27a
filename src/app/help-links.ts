/**
 * The online help is a static page shipped with the app (public/help.html), so it works
 * wherever the console is deployed and offline once cached. The PDF is public/help.pdf,
 * produced from the same text.
 */
export const ONLINE_HELP_URL = '/help.html';
export const PDF_HELP_URL = '/help.pdf';
