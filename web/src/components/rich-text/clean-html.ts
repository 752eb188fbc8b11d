/**
 * What the description editor hands on. TipTap only keeps what its schema knows (paragraphs,
 * headings, lists, bold/italic/underline/strike, links, images, quotes, tables), so a pasted script,
 * style or event handler never reaches the document; this only drops the empty paragraphs
 * at the end, so an emptied editor ("<p></p>") is an empty description. The server cleans again on save (the API is not only
 * called by this editor).
 */
export function editorHtml(html: string): string {
  return html.trim().replace(/(<p><\/p>)+$/, '');
}

/** Links the owner types: web, mail and phone addresses only (never `javascript:`). */
export function safeLink(raw: string): string | null {
  const text = raw.trim();
  if (!text) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(withScheme);
    return ['http:', 'https:', 'mailto:', 'tel:'].includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}
