import { useEffect, useRef, useState } from "react";
import type { Testimonial } from "./data";

const FALLBACK_GRADIENTS = [
  "from-brand-strong to-brand",
  "from-brand-strong via-brand to-accent",
  "from-black/80 to-brand-strong",
] as const;

function gradientFor(name: string) {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) | 0;
  return FALLBACK_GRADIENTS[Math.abs(hash) % FALLBACK_GRADIENTS.length];
}

const SIZES = { sm: "size-8 text-[11px]", md: "size-11 text-sm" } as const;

/**
 * A profile photo over a generated initials avatar. The photo fades in once loaded; if it fails
 * (onError, or already broken before hydration: complete with naturalWidth 0) only the
 * initials remain.
 */
export function ProfileAvatar({
  testimonial,
  size = "md",
  decorative = false,
  className = "",
}: {
  testimonial: Pick<Testimonial, "name" | "avatar" | "profileImage">;
  size?: keyof typeof SIZES;
  decorative?: boolean;
  className?: string;
}) {
  const imgRef = useRef<HTMLImageElement>(null);
  const [state, setState] = useState<"loading" | "loaded" | "error">("loading");

  useEffect(() => {
    const img = imgRef.current;
    if (img?.complete) setState(img.naturalWidth > 0 ? "loaded" : "error");
  }, []);

  return (
    <span
      data-avatar-state={state === "error" ? "fallback" : state}
      className={`relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-linear-to-br font-semibold text-white select-none ${gradientFor(testimonial.name)} ${SIZES[size]} ${className}`}
    >
      <span aria-hidden>{testimonial.avatar}</span>
      {state !== "error" && (
        <img
          ref={imgRef}
          src={testimonial.profileImage}
          alt={decorative ? "" : testimonial.name}
          width={88}
          height={88}
          loading="lazy"
          decoding="async"
          draggable={false}
          onLoad={() => setState("loaded")}
          onError={() => setState("error")}
          className={`absolute inset-0 size-full object-cover transition-opacity duration-300 ${state === "loaded" ? "opacity-100" : "opacity-0"}`}
        />
      )}
    </span>
  );
}
