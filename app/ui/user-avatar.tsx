/** Up to two initials from the username (or the email's local part): "wild_mango" → "WM". */
export function initialsOf(user: { username?: string | null; email: string }): string {
  const source = (user.username || user.email.split("@")[0] || "?").trim();
  const words = source.split(/[\s._-]+/).filter(Boolean);
  const letters = words.length > 1 ? words[0][0] + words[1][0] : source.slice(0, 2);
  return letters.toUpperCase();
}

const SIZES = { sm: "size-8 text-[11px]", lg: "size-14 text-lg" } as const;

/** The signed-in user's avatar: the same initials in the sidebar, the account menu and settings. */
export function UserAvatar({
  user,
  size = "sm",
  className = "",
}: {
  user: { username?: string | null; email: string };
  size?: keyof typeof SIZES;
  className?: string;
}) {
  return (
    <span
      aria-hidden
      data-testid="user-avatar"
      className={`grid shrink-0 select-none place-items-center rounded-full bg-gradient-to-br from-brand to-accent font-semibold tracking-wide text-white ring-1 ring-line ${SIZES[size]} ${className}`}
    >
      {initialsOf(user)}
    </span>
  );
}
