/** The figures the product states about itself (app/domain/product-facts.ts), as the root loader read them for this page. */
import { useRouteLoaderData } from "@remix-run/react";
import type { ProductFacts } from "~/domain/product-facts";

/** The root loader's `facts` (app/root.tsx); typed here so lib need not import the app root. */
export function useProductFacts(): ProductFacts | null {
  return (useRouteLoaderData("root") as { facts?: ProductFacts | null } | undefined)?.facts ?? null;
}
