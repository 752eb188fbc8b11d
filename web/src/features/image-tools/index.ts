export { ImageToolsDialog, type ImageToolsDialogProps } from './components/image-tools-dialog';
export { saveEdits } from './api/image-tools';
