import sanitizeHtml from 'sanitize-html';

/**
 * What the owner's HTML editor can produce (bold, italic, colours, links, headings, lists) and
 * nothing else: no scripts, event handlers, forms, iframes or javascript: links reach a customer's
 * inbox or the owner's preview.
 */
export function sanitizeEmailHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      'p',
      'br',
      'div',
      'span',
      'strong',
      'b',
      'em',
      'i',
      'u',
      's',
      'a',
      'h1',
      'h2',
      'h3',
      'ul',
      'ol',
      'li',
      'blockquote',
      'hr',
      'font',
    ],
    allowedAttributes: {
      a: ['href', 'title', 'target'],
      span: ['style'],
      p: ['style'],
      div: ['style'],
      font: ['color'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedStyles: {
      '*': {
        color: [/^#[0-9a-f]{3,8}$/i, /^rgb\(\s*\d+\s*,\s*\d+\s*,\s*\d+\s*\)$/i, /^[a-z]+$/i],
        'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgb\(\s*\d+\s*,\s*\d+\s*,\s*\d+\s*\)$/i, /^[a-z]+$/i],
        'text-align': [/^(left|right|center)$/],
      },
    },
    allowProtocolRelative: false,
  });
}
