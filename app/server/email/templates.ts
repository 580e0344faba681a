/**
 * Transactional emails: real HTML (table layout, inline styles, as mail clients need) and a
 * plain-text part, in the product's look.
 */
export type EmailKind = "verify_email" | "reset_password" | "email_changed" | "password_changed" | "claim_purchase" | "support_reply" | "checkout_payment_failed";

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

interface EmailContent {
  subject: string;
  preheader: string;
  heading: string;
  paragraphs: string[];
  button?: { label: string; url: string };
  footnote: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function layout(content: EmailContent, appUrl: string): RenderedEmail {
  const button = content.button
    ? `<tr><td style="padding:8px 0 24px"><a href="${escapeHtml(content.button.url)}" style="display:inline-block;background:#6a45ff;color:#ffffff;text-decoration:none;font-weight:600;font-size:15px;padding:12px 22px;border-radius:10px">${escapeHtml(content.button.label)}</a></td></tr>
<tr><td style="font-size:13px;color:#6e6e85;padding-bottom:20px">Or paste this link into your browser:<br><a href="${escapeHtml(content.button.url)}" style="color:#6a45ff;word-break:break-all">${escapeHtml(content.button.url)}</a></td></tr>`
    : "";
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f8;font-family:Inter,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#14141f">
<span style="display:none;max-height:0;overflow:hidden">${escapeHtml(content.preheader)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f8;padding:32px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:16px;border:1px solid #e3e3ee">
<tr><td style="background:#07070c;border-radius:16px 16px 0 0;padding:20px 32px"><span style="display:inline-block;width:28px;height:28px;border-radius:8px;background:linear-gradient(135deg,#7c5cff,#22d3a6);vertical-align:middle"></span><span style="color:#ffffff;font-weight:700;font-size:18px;vertical-align:middle;margin-left:10px">Dropcraft</span></td></tr>
<tr><td style="padding:32px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">
<tr><td style="font-size:22px;font-weight:700;padding-bottom:16px">${escapeHtml(content.heading)}</td></tr>
${content.paragraphs.map((p) => `<tr><td style="font-size:15px;line-height:1.6;color:#33334a;padding-bottom:16px">${escapeHtml(p)}</td></tr>`).join("\n")}
${button}
<tr><td style="font-size:13px;line-height:1.5;color:#6e6e85;border-top:1px solid #e3e3ee;padding-top:16px">${escapeHtml(content.footnote)}</td></tr>
</table></td></tr></table>
<p style="font-size:12px;color:#8a8aa0;margin:16px 0 0">Dropcraft · The AI workspace for e-commerce sellers · <a href="${escapeHtml(appUrl)}" style="color:#8a8aa0">${escapeHtml(appUrl.replace(/^https?:\/\//, ""))}</a></p>
</td></tr></table></body></html>`;
  const text = [
    content.heading,
    "",
    ...content.paragraphs.flatMap((p) => [p, ""]),
    ...(content.button ? [`${content.button.label}: ${content.button.url}`, ""] : []),
    content.footnote,
    "",
    `Dropcraft · ${appUrl}`,
  ].join("\n");
  return { subject: content.subject, html, text };
}

export function renderEmail(
  kind: EmailKind,
  input: { appUrl: string; username: string; link?: string; supportEmail: string; /** support_reply: the ticket's subject. */ subject?: string },
): RenderedEmail {
  const hi = `Hi ${input.username},`;
  switch (kind) {
    case "verify_email":
      return layout(
        {
          subject: "Verify your email for Dropcraft",
          preheader: "One click to unlock your Dropcraft workspace.",
          heading: "Confirm your email address",
          paragraphs: [
            hi,
            "Confirm this address to unlock your Dropcraft workspace: market research in chat, winning products, AI store pages and ad visuals.",
            "The link works once and expires in 24 hours.",
          ],
          button: { label: "Verify email", url: input.link! },
          footnote: "Didn't create a Dropcraft account? You can ignore this email; nothing happens without a click.",
        },
        input.appUrl,
      );
    case "reset_password":
      return layout(
        {
          subject: "Reset your Dropcraft password",
          preheader: "Choose a new password for your Dropcraft account.",
          heading: "Reset your password",
          paragraphs: [
            hi,
            "Someone (hopefully you) asked to reset the password of your Dropcraft account. Choose a new one with the button below.",
            "The link works once and expires in 1 hour. Resetting signs you out everywhere else.",
          ],
          button: { label: "Choose a new password", url: input.link! },
          footnote: `Didn't ask for this? Ignore this email: your password stays the same. Questions: ${input.supportEmail}`,
        },
        input.appUrl,
      );
    case "email_changed":
      return layout(
        {
          subject: "Confirm your new email for Dropcraft",
          preheader: "Confirm the new address of your Dropcraft account.",
          heading: "Confirm your new email address",
          paragraphs: [hi, "You changed the email address of your Dropcraft account. Confirm it to keep using the platform.", "The link works once and expires in 24 hours."],
          button: { label: "Confirm new email", url: input.link! },
          footnote: `Didn't change it? Contact ${input.supportEmail} right away.`,
        },
        input.appUrl,
      );
    case "claim_purchase":
      return layout(
        {
          subject: "Confirm your Dropcraft purchase",
          preheader: "Attach your Growth purchase to your Dropcraft account.",
          heading: "Attach your purchase to your account",
          paragraphs: [
            "Hi,",
            `The Dropcraft account "${input.username}" asked to attach the purchase made with this email address. Confirm it to move the plan to that account.`,
            "The link works once and expires in 24 hours.",
          ],
          button: { label: "Attach my purchase", url: input.link! },
          footnote: `Didn't ask for this? Ignore this email and the purchase stays where it is. Questions: ${input.supportEmail}`,
        },
        input.appUrl,
      );
    case "support_reply":
      return layout(
        {
          subject: `Re: ${input.subject ?? "your support ticket"}`,
          preheader: "The Dropcraft team replied to your support ticket.",
          heading: "We replied to your ticket",
          paragraphs: [hi, `The Dropcraft team replied to your ticket "${input.subject ?? ""}". Read the reply and answer it in the Support screen.`],
          button: { label: "Open the ticket", url: input.link! },
          footnote: "You get this email because you opened a support ticket. Reply in the Support screen, not to this email.",
        },
        input.appUrl,
      );
    case "checkout_payment_failed":
      return layout(
        {
          subject: "Your Dropcraft payment did not go through",
          preheader: "Your bank did not complete the payment, so your plan was not upgraded.",
          heading: "Your payment did not go through",
          paragraphs: [
            hi,
            "The payment for your Dropcraft upgrade (by bank debit or transfer) was not completed by your bank, so your plan was not upgraded and nothing was charged.",
            "You can try again with another payment method from the pricing page.",
          ],
          button: { label: "See plans", url: input.link! },
          footnote: `Questions about the payment? Write to ${input.supportEmail}.`,
        },
        input.appUrl,
      );
    case "password_changed":
      return layout(
        {
          subject: "Your Dropcraft password was changed",
          preheader: "Your password was changed and other sessions were signed out.",
          heading: "Your password was changed",
          paragraphs: [hi, "The password of your Dropcraft account was just changed, and every other session was signed out."],
          footnote: `Wasn't you? Reset your password from the login page and contact ${input.supportEmail}.`,
        },
        input.appUrl,
      );
  }
}
