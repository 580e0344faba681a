import { Fragment } from "react";

/**
 * An email address that wraps at its natural joints (after "@", before each "."), never inside
 * a word, so a long address stays readable on a phone.
 */
export function EmailText({ email }: { email: string }) {
  const [local, domain] = splitAt(email, "@");
  const parts = domain === undefined ? [email] : [`${local}@`, ...domain.split(/(?=\.)/)];
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}

function splitAt(text: string, mark: string): [string, string | undefined] {
  const at = text.lastIndexOf(mark);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}
