/**
 * The documents Worker (`dropcraft-documents`): reads the text of a knowledge-base file that
 * needs a heavy parser. The app calls it through the DOCUMENTS service binding only (it has no
 * public route: `workers_dev = false`), so pdf.js never weighs on the main Worker's bundle.
 *
 *   POST /extract?kind=pdf|docx   body: the file's bytes
 *   200 { text, pages? }          text may be "" (a scanned, image-only PDF)
 *   422 { error: { type: "corrupt" | "encrypted" | "unsupported", message } }
 */
import { handleDocumentsRequest } from "./handler";

export default {
  fetch: (request: Request) => handleDocumentsRequest(request),
} satisfies ExportedHandler;
