/**
 * The sample testimonials the landing page and the sign-in screens quote (spec section 3, "Static
 * marketing data"). Here, below every feature, because both the landing and auth features show
 * them. Every name and word is sample copy; nothing is fetched.
 */

export type CompanyLogoId =
  "northwind" | "lumen" | "parcelpeak" | "oakline" | "brightcart" | "vela" | "kitehouse" | "tidal";

export interface Testimonial {
  name: string;
  role: string;
  company: string;
  content: string;
  /** Initials used for the generated avatar (and as the fallback when profileImage fails). */
  avatar: string;
  profileImage: string;
  companyLogo: CompanyLogoId;
  featured: boolean;
}

export const TESTIMONIALS: Testimonial[] = [
  {
    name: "Maya Chen",
    role: "Founder",
    company: "Northwind Goods",
    content:
      "I went from a product link to a live store page in twelve minutes. The copy reads like I paid an agency for it, and my first ad set was profitable on day three.",
    avatar: "MC",
    profileImage: "/landing/avatars/maya-chen.svg",
    companyLogo: "northwind",
    featured: true,
  },
  {
    name: "Daniel Okafor",
    role: "Dropshipper",
    company: "Parcel Peak",
    content:
      "The product library is the first thing I open every morning. Seeing which ads are scaling before everyone else copies them has saved me weeks of testing.",
    avatar: "DO",
    profileImage: "/landing/avatars/daniel-okafor.svg",
    companyLogo: "parcelpeak",
    featured: true,
  },
  {
    name: "Sofia Martins",
    role: "Head of Growth",
    company: "Lumen & Co",
    content:
      "We replaced three tools and a freelancer with one workspace. Research, pages and ad creatives finally live in the same place, and the team ships twice as fast.",
    avatar: "SM",
    profileImage: "/landing/avatars/sofia-martins.svg",
    companyLogo: "lumen",
    featured: true,
  },
  {
    name: "Jordan Ellis",
    role: "E-commerce Consultant",
    company: "Oakline Studio",
    content:
      "I run launches for six clients. The AI page builder gives me a strong first draft for every product, so my time goes into strategy instead of layout.",
    avatar: "JE",
    // Deliberately missing: this card shows the generated initials avatar.
    profileImage: "/landing/avatars/jordan-ellis.jpg",
    companyLogo: "oakline",
    featured: false,
  },
  {
    name: "Priya Raman",
    role: "Store Owner",
    company: "Brightcart",
    content:
      "The success score stopped me from launching two products that looked great but had no demand. The one I did launch paid for a year of Growth in a week.",
    avatar: "PR",
    profileImage: "/landing/avatars/priya-raman.svg",
    companyLogo: "brightcart",
    featured: false,
  },
  {
    name: "Lucas Weber",
    role: "Media Buyer",
    company: "Vela Supply",
    content:
      "Launching a campaign used to eat my whole afternoon. Now I review the generated ads, press launch, and I'm testing creatives about a minute later.",
    avatar: "LW",
    profileImage: "/landing/avatars/lucas-weber.svg",
    companyLogo: "vela",
    featured: false,
  },
  {
    name: "Amara Nwosu",
    role: "Co-founder",
    company: "Kitehouse",
    content:
      "As a two-person brand we can't afford a research team. Dropcraft's market research answers come with sources, so I actually trust the numbers.",
    avatar: "AN",
    profileImage: "/landing/avatars/amara-nwosu.svg",
    companyLogo: "kitehouse",
    featured: false,
  },
  {
    name: "Ethan Brooks",
    role: "Solo Dropshipper",
    company: "Tidal Trade",
    content:
      "I started on the free plan with no card and validated my niche before spending a cent. Upgrading was a no-brainer once the first orders came in.",
    avatar: "EB",
    profileImage: "/landing/avatars/ethan-brooks.svg",
    companyLogo: "tidal",
    featured: false,
  },
];
