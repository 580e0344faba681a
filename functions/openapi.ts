/** The error taxonomy's body as an OpenAPI component (the schema is the domain's contract). */
export { ErrorSchema } from "~/domain/contracts/common";
