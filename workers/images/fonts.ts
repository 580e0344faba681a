/**
 * The fonts the compositor's designs name (app/domain/images.ts VISUAL_FONT_FAMILIES), weights
 * 400 and 800 only: resvg matches `font-family` and `font-weight` against these and nothing else
 * (no system fonts, no network).
 */
import inter400 from "@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf";
import inter800 from "@expo-google-fonts/inter/800ExtraBold/Inter_800ExtraBold.ttf";
import montserrat400 from "@expo-google-fonts/montserrat/400Regular/Montserrat_400Regular.ttf";
import montserrat800 from "@expo-google-fonts/montserrat/800ExtraBold/Montserrat_800ExtraBold.ttf";
import nunito400 from "@expo-google-fonts/nunito/400Regular/Nunito_400Regular.ttf";
import nunito800 from "@expo-google-fonts/nunito/800ExtraBold/Nunito_800ExtraBold.ttf";
import playfair400 from "@expo-google-fonts/playfair-display/400Regular/PlayfairDisplay_400Regular.ttf";
import playfair800 from "@expo-google-fonts/playfair-display/800ExtraBold/PlayfairDisplay_800ExtraBold.ttf";

// Data modules are ArrayBuffers (wrangler's "Data" rule); remix.env.d.ts types *.ttf as asset URLs.
const fonts = [inter400, inter800, montserrat400, montserrat800, nunito400, nunito800, playfair400, playfair800] as unknown as ArrayBuffer[];
export const FONT_BUFFERS: Uint8Array[] = fonts.map((font) => new Uint8Array(font));
