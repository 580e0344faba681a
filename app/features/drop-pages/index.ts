/** The drop pages feature's public face: routes and other features import only what is listed here. */
export { DropPagesScreen } from "./drop-pages-screen";
export { StoreExportDialog, type StoreExportDialogProps } from "./store-export-dialog";
export { ConnectStoreForm, TokenSteps } from "./store-connections";
