import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from "react";

export type Theme = "dark" | "light";
export const THEME_STORAGE_KEY = "theme";
export const DEFAULT_THEME: Theme = "dark";

export function parseTheme(value: unknown): Theme {
  return value === "light" ? "light" : DEFAULT_THEME;
}

/** Reads the theme cookie so the server renders the right class and nothing flashes. */
export function themeFromCookie(cookieHeader: string | null): Theme | null {
  const match = cookieHeader?.match(/(?:^|;\s*)theme=(dark|light)/);
  return match ? (match[1] as Theme) : null;
}

/**
 * Runs before first paint: localStorage (the spec's key) wins over the cookie, and both the
 * <html> and <body> classes follow it.
 */
export const THEME_BOOT_SCRIPT = `(function(){try{var t=localStorage.getItem("${THEME_STORAGE_KEY}");t=t==="light"?"light":t==="dark"?"dark":document.documentElement.classList.contains("light")?"light":"dark";var r=document.documentElement;r.classList.remove("dark","light");r.classList.add(t);r.style.colorScheme=t;document.body.classList.remove("dark","light");document.body.classList.add(t)}catch(e){}})();`;

interface ThemeContextValue {
  theme: Theme;
  setTheme(theme: Theme): void;
  toggleTheme(): void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

function applyTheme(theme: Theme) {
  for (const el of [document.documentElement, document.body]) {
    el.classList.remove("dark", "light");
    el.classList.add(theme);
  }
  document.documentElement.style.colorScheme = theme;
}

export function ThemeProvider({ initialTheme, children }: { initialTheme: Theme; children: ReactNode }) {
  const [theme, setThemeState] = useState<Theme>(initialTheme);

  useEffect(() => {
    // The boot script may have applied a stored theme the server did not know.
    setThemeState(document.documentElement.classList.contains("light") ? "light" : "dark");
  }, []);

  const setTheme = useCallback((next: Theme) => {
    setThemeState(next);
    applyTheme(next);
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Private mode: the cookie still carries it.
    }
    document.cookie = `theme=${next}; Path=/; Max-Age=31536000; SameSite=Lax`;
  }, []);

  const toggleTheme = useCallback(() => setTheme(theme === "dark" ? "light" : "dark"), [theme, setTheme]);

  return <ThemeContext.Provider value={{ theme, setTheme, toggleTheme }}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error("useTheme must be used inside ThemeProvider");
  return value;
}
