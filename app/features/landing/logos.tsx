import { useId } from "react";
import type { CompanyLogoId } from "./data";

/** Small geometric marks for the (invented) sample brands; they follow the text colour. */
const MARKS: Record<CompanyLogoId, JSX.Element> = {
  northwind: (
    <>
      <path d="M12 2 3 21l9-5 9 5z" fill="currentColor" opacity=".9" />
      <path d="M12 2v14l-9 5z" fill="currentColor" opacity=".45" />
    </>
  ),
  lumen: (
    <>
      <circle cx="12" cy="12" r="5" fill="currentColor" />
      <circle cx="12" cy="12" r="9.5" fill="none" stroke="currentColor" strokeWidth="2" opacity=".45" />
    </>
  ),
  parcelpeak: (
    <>
      <path d="M3 19 10 6l4 7 2-3 5 9z" fill="currentColor" />
      <path d="M10 6l4 7H6z" fill="currentColor" opacity=".4" />
    </>
  ),
  oakline: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="9" fill="none" stroke="currentColor" strokeWidth="2.5" />
      <path d="M12 7v10M8 12h8" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
    </>
  ),
  brightcart: (
    <>
      <path
        d="M3 5h3l2.2 9.5h10L21 8H8"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
      <circle cx="9.5" cy="19" r="1.8" fill="currentColor" />
      <circle cx="17" cy="19" r="1.8" fill="currentColor" />
    </>
  ),
  vela: (
    <>
      <path d="M4 4h5l3 10 3-10h5l-6 16h-4z" fill="currentColor" />
    </>
  ),
  kitehouse: (
    <>
      <path d="M12 2 20 10 12 22 4 10z" fill="currentColor" opacity=".45" />
      <path d="M12 2 20 10H4z" fill="currentColor" />
    </>
  ),
  tidal: (
    <>
      <path
        d="M2 9c3-3 5-3 8 0s5 3 8 0 3-2 4-2"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.4"
        strokeLinecap="round"
      />
      <path
        d="M2 16c3-3 5-3 8 0s5 3 8 0 3-2 4-2"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.4"
        strokeLinecap="round"
        opacity=".5"
      />
    </>
  ),
};

export const LOGO_NAMES: Record<CompanyLogoId, string> = {
  northwind: "Northwind Goods",
  lumen: "Lumen & Co",
  parcelpeak: "Parcel Peak",
  oakline: "Oakline Studio",
  brightcart: "Brightcart",
  vela: "Vela Supply",
  kitehouse: "Kitehouse",
  tidal: "Tidal Trade",
};

const markId = (id: CompanyLogoId) => `cm-${id}`;

/** One <symbol> per mark, for the landing page's sprite (each mark shows up to 3 times). */
export function CompanyMarkSymbols() {
  return (
    <>
      {(Object.keys(MARKS) as CompanyLogoId[]).map((id) => (
        <symbol key={id} id={markId(id)} viewBox="0 0 24 24">
          {MARKS[id]}
        </symbol>
      ))}
    </>
  );
}

/** A mark from the landing page's sprite (<LandingIconSprite/> must be on the page). */
export function CompanyMark({ id, className = "size-5" }: { id: CompanyLogoId; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true" focusable="false">
      <use href={`#${markId(id)}`} />
    </svg>
  );
}

/** Mark plus wordmark. */
export function CompanyLogo({ id, className = "" }: { id: CompanyLogoId; className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 font-semibold tracking-tight ${className}`}>
      <CompanyMark id={id} />
      <span>{LOGO_NAMES[id]}</span>
    </span>
  );
}

/** The Dropcraft mark, matching public/favicon.svg. */
export function DropcraftMark({ className = "size-8" }: { className?: string }) {
  const gradientId = `dc-mark-${useId().replace(/:/g, "")}`;
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7c5cff" />
          <stop offset="1" stopColor="#22d3a6" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="14" fill={`url(#${gradientId})`} />
      <path
        d="M20 16h13c9.4 0 16 6.6 16 16s-6.6 16-16 16H20z"
        fill="none"
        stroke="#fff"
        strokeWidth="6"
        strokeLinejoin="round"
      />
      <circle cx="33" cy="32" r="4.5" fill="#fff" />
    </svg>
  );
}
