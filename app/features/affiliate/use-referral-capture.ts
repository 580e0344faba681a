/**
 * Records a visit that arrived through a referral link (`?ref=CODE`): the API counts it and sets
 * the referral cookie the signup reads. Once per code per tab session, so reloads do not call again.
 */
import { useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { normalizeReferralCode, REFERRAL_PARAM } from "~/domain/affiliate";
import { recordReferralClick } from "./affiliate-client";

const seenKey = (code: string) => `referral-click:${code}`;

export function useReferralCapture(search: string): void {
  useEffect(() => {
    const code = normalizeReferralCode(new URLSearchParams(search).get(REFERRAL_PARAM));
    if (!code) return;
    try {
      if (sessionStorage.getItem(seenKey(code))) return;
      sessionStorage.setItem(seenKey(code), "1");
    } catch {
      // Storage blocked: record anyway; the server counts a visitor once a day.
    }
    // A stale or mistyped link only loses the attribution; the page works the same.
    recordReferralClick(code).catch(() => undefined);
  }, [search]);
}

/** For pages outside this feature (the landing page, signup): mount once, reads the URL itself. */
export function ReferralCapture(): null {
  useReferralCapture(useLocation().search);
  return null;
}
