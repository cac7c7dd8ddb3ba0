import { PRODUCT_NAME } from '@parmeta/contracts/constants';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export interface MailBlock {
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footnote?: string;
}

/**
 * Every transactional mail shares one branded frame, in HTML (inline styles, because
 * mail clients drop style sheets) and in plain text with the same words and link.
 */
export function brandedMail(subject: string, block: MailBlock, publicUrl: string): RenderedMail {
  const logo = `${publicUrl}/demo/logo.png`;
  const paragraphs = block.paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>`).join('');
  const action = block.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(block.action.url)}" style="background:#4f46e5;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(block.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#475569">If the button does not work, open this link: <br><a href="${escapeHtml(block.action.url)}" style="color:#4f46e5;word-break:break-all">${escapeHtml(block.action.url)}</a></p>`
    : '';
  const footnote = block.footnote ? `<p style="margin:16px 0 0;font-size:13px;color:#64748b">${escapeHtml(block.footnote)}</p>` : '';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f1f5f9;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px" cellpadding="0" cellspacing="0"><tr><td>
<p style="margin:0 0 24px"><img src="${logo}" width="40" height="40" alt="${PRODUCT_NAME}" style="vertical-align:middle;border-radius:8px"> <strong style="font-size:18px;vertical-align:middle;margin-left:8px">${PRODUCT_NAME}</strong></p>
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(block.heading)}</h1>
${paragraphs}${action}${footnote}
</td></tr></table>
<p style="font-size:12px;color:#64748b;margin:16px 0 0">${PRODUCT_NAME} · <a href="${publicUrl}" style="color:#64748b">${escapeHtml(publicUrl)}</a></p>
</td></tr></table></body></html>`;
  const text = [
    PRODUCT_NAME,
    '',
    block.heading,
    '',
    ...block.paragraphs.flatMap((p) => [p, '']),
    ...(block.action ? [`${block.action.label}: ${block.action.url}`, ''] : []),
    ...(block.footnote ? [block.footnote, ''] : []),
    `${PRODUCT_NAME} · ${publicUrl}`,
  ].join('\n');
  return { subject, html, text };
}
